// The rush's options, from arguments or the environment (bench/rush.ts lists them).
import { FAULT_NAMES } from './faults.ts';
import type { FaultName } from './types.ts';

export interface ScheduledFault {
  fault: FaultName;
  /** Seconds after the players started. */
  atS: number;
}

export interface RushOptions {
  players: number;
  rampS: number;
  durationS: number;
  instances: number;
  faults: ScheduledFault[];
  /** Player counts to step through, each for `durationS`, without faults (finding the knee). */
  steps: number[] | undefined;
  cpuProfile: boolean;
  keep: boolean;
  /** Daraja as it behaves on a busy night (docs/mpesa-sandbox.md): slow, spread, arresting spikes. */
  daraja: RushDaraja;
}

export interface RushDaraja {
  /** SANDBOX_DARAJA_ANSWER_DELAY_MS: how long an STK Push or its query takes to be answered. */
  answerDelayMs: number;
  /** SANDBOX_DARAJA_CALLBACK_DELAY_MAX_MS: STK callbacks come at random up to this late. */
  callbackDelayMaxMs: number;
  /** SANDBOX_DARAJA_SPIKE_ARREST_PER_SECOND: under the crowd's peak STK Push rate, over its mean. */
  spikeArrestPerSecond: number;
  /**
   * Receiving phones of "Payouts on their way" a share of withdrawals goes to: each must settle
   * within the run's wait for payments.
   */
  payoutPhones: string[];
}

/** The B2C answer never arrives; Transaction Status finds it paid (about one reconciliation, 10 s). */
const ANSWER_LOST_PHONE = '254700000008';
/** Queued at Daraja until the repeat after R000002: two or three reconciliations, up to two minutes. */
const QUEUED_PHONES = ['254700001000', '254700001042', '254700001099'];
/** A receiving phone of docs/mpesa-sandbox.md's "Payouts on their way" the rush withdraws to. */
export const isPayoutOnItsWay = (phone: string | null) =>
  phone === ANSWER_LOST_PHONE || /^2547000010\d\d$/.test(phone ?? '');

const FULL: RushOptions = {
  players: 10_000,
  rampS: 120,
  durationS: 600,
  instances: 2,
  faults: parseFaults(
    'kill@150,drain@210,daraja-token-revoke@240,redis-restart@270,postgres-restart@330,rolling-deploy@400',
  ),
  steps: undefined,
  cpuProfile: false,
  keep: false,
  // The crowd starts about 0.0046 STK Pushes a second per player (300 players: 1.4 a second), in
  // bursts: 10,000 players average about 46 a second.
  daraja: {
    answerDelayMs: 400,
    callbackDelayMaxMs: 60_000,
    spikeArrestPerSecond: 60,
    payoutPhones: [ANSWER_LOST_PHONE, ...QUEUED_PHONES],
  },
};

/** CI's short rush: a few hundred players for about a minute, one SIGKILL and one drain. */
const CI: RushOptions = {
  ...FULL,
  players: 300,
  // Arrivals over 30 s: a fifth of them hash a password (about 0.2 s of a core each), and CI's
  // machine may have its other core busy.
  rampS: 30,
  durationS: 75,
  faults: parseFaults('kill@30,daraja-token-revoke@40,drain@50'),
  // Callbacks within 15 s, and payments stop starting that long before the end: the run keeps its
  // length. Queued payouts could take two minutes to settle: left to the full rush.
  daraja: {
    answerDelayMs: 400,
    callbackDelayMaxMs: 15_000,
    spikeArrestPerSecond: 3,
    payoutPhones: [ANSWER_LOST_PHONE],
  },
};

function parseFaults(list: string): ScheduledFault[] {
  if (list === '' || list === 'none') return [];
  return list
    .split(',')
    .map((item) => {
      const [fault, at] = item.trim().split('@');
      if (!FAULT_NAMES.includes(fault as FaultName) || !Number.isFinite(Number(at))) {
        throw new Error(`--faults: "${item}" is not <${FAULT_NAMES.join('|')}>@<seconds>`);
      }
      return { fault: fault as FaultName, atS: Number(at) };
    })
    .sort((a, b) => a.atS - b.atS);
}

const KNOWN = [
  'ci',
  'players',
  'ramp',
  'duration',
  'instances',
  'faults',
  'steps',
  'cpu-prof',
  'keep',
  'spike-arrest',
];

function positive(name: string, value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0)
    throw new Error(`${name}: "${value}" is not a positive whole number`);
  return number;
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): RushOptions {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument "${arg}"`);
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (!KNOWN.includes(name)) throw new Error(`unknown option --${name} (bench/rush.ts lists them)`);
    const flag = ['ci', 'cpu-prof', 'keep'].includes(name);
    args.set(name, flag ? 'on' : (inline ?? argv[++i] ?? ''));
  }
  const value = (name: string, envName: string) => args.get(name) ?? env[envName];
  const options = { ...(args.has('ci') || env.RUSH_CI === 'on' ? CI : FULL) };
  const players = value('players', 'RUSH_PLAYERS');
  if (players) options.players = positive('players', players);
  const ramp = value('ramp', 'RUSH_RAMP_S');
  if (ramp) options.rampS = positive('ramp', ramp);
  const duration = value('duration', 'RUSH_DURATION_S');
  if (duration) options.durationS = positive('duration', duration);
  const instances = value('instances', 'RUSH_INSTANCES');
  if (instances) options.instances = positive('instances', instances);
  // The drain stops another instance than the killed one, and someone must serve meanwhile.
  if (options.instances < 2) throw new Error('instances: at least 2');
  const faults = value('faults', 'RUSH_FAULTS');
  if (faults !== undefined) options.faults = parseFaults(faults);
  const steps = value('steps', 'RUSH_STEPS');
  if (steps) options.steps = steps.split(',').map((step) => positive('steps', step));
  const spikeArrest = value('spike-arrest', 'RUSH_SPIKE_ARREST');
  if (spikeArrest)
    options.daraja = { ...options.daraja, spikeArrestPerSecond: positive('spike-arrest', spikeArrest) };
  options.cpuProfile = args.has('cpu-prof') || env.RUSH_CPU_PROF === 'on';
  options.keep = args.has('keep') || env.RUSH_KEEP === 'on';
  return options;
}
