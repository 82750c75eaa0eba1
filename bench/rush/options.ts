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
}

const FULL: RushOptions = {
  players: 10_000,
  rampS: 120,
  durationS: 600,
  instances: 2,
  faults: parseFaults('kill@150,drain@210,redis-restart@270,postgres-restart@330,rolling-deploy@400'),
  steps: undefined,
  cpuProfile: false,
  keep: false,
};

/** CI's short rush: a few hundred players for about a minute, one SIGKILL and one drain. */
const CI: RushOptions = {
  ...FULL,
  players: 300,
  // Arrivals over 30 s: a fifth of them hash a password (about 0.2 s of a core each), and CI's
  // machine may have its other core busy.
  rampS: 30,
  durationS: 75,
  faults: parseFaults('kill@30,drain@50'),
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

const KNOWN = ['ci', 'players', 'ramp', 'duration', 'instances', 'faults', 'steps', 'cpu-prof', 'keep'];

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
  options.cpuProfile = args.has('cpu-prof') || env.RUSH_CPU_PROF === 'on';
  options.keep = args.has('keep') || env.RUSH_KEEP === 'on';
  return options;
}
