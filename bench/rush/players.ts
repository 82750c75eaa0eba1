// The rush's virtual players: each arrives within the ramp from one of the carrier NAT addresses,
// gets in (sign-up, sign-in or a live session), opens the dashboard and the live socket, then acts
// about every ten seconds, as a person would, until the run stops: the catalogue, plays reported
// with genuine replayable runs (in the tournament too), the leaderboard, chat, notifications, the
// wallet and M-Pesa payments. What the client saw and did is kept for the checks.
import { type ClientLog, createClientLog } from './client-log.ts';
import { createHttp } from './http-client.ts';
import { arrive, dashboard } from './journey-arrive.ts';
import { chat } from './journey-chat.ts';
import { boost, mayPay, subscribe, topUp, withdraw } from './journey-money.ts';
import { browseCatalogue, playGame, watchLeaderboard } from './journey-play.ts';
import { createPlayerApi, type Player, type Rush } from './player-api.ts';
import { type SeededPlayers, seedPlayers } from './seed.ts';
import type { ActionRecord, RushStack } from './types.ts';

export type { SeededPlayers };
export { seedPlayers };

export interface RunningPlayers {
  /** Every action so far, as the client saw it. */
  records: ActionRecord[];
  /** Players whose /ws socket is open now. */
  connected(): number;
  /** Stops the journeys, waits for the actions in flight (retries included), closes the sockets. */
  stop(): Promise<void>;
  /** What the client started and sent, for the checks (without it they check money and jobs only). */
  log?: ClientLog;
  seeded?: SeededPlayers;
}

/** Several runs of the same seeded players as one, for the checks: every record and every log. */
export function allPlayersOf(ran: RunningPlayers[]): RunningPlayers {
  const log = createClientLog();
  for (const players of ran) {
    log.payments.push(...(players.log?.payments ?? []));
    log.messages.push(...(players.log?.messages ?? []));
    log.runs.push(...(players.log?.runs ?? []));
  }
  const seeded = ran.find((players) => players.seeded)?.seeded;
  return {
    records: ran.flatMap((players) => players.records),
    connected: () => 0,
    stop: async () => {},
    log,
    ...(seeded ? { seeded } : {}),
  };
}

const MEAN_THINK_MS = 10_000;
/** One player in this many withdraws to one of `payoutPhones` rather than their own phone. */
const PAYOUT_PHONE_EVERY = 4;

type Step = (rush: Rush, player: Player) => Promise<void>;
const read =
  (action: string, path: string): Step =>
  async (rush, player) => {
    await createPlayerApi(rush, player).read(action, path);
  };

/** What a player does next, weighted as an evening on the app goes. */
const steps: { weight: number; step: Step; isPayment?: boolean }[] = [
  { weight: 8, step: dashboard },
  { weight: 8, step: browseCatalogue },
  { weight: 12, step: (rush, player) => playGame(rush, player, false) },
  { weight: 12, step: (rush, player) => playGame(rush, player, true) },
  { weight: 10, step: watchLeaderboard },
  { weight: 14, step: chat },
  { weight: 7, step: read('notifications', '/api/profile/notifications') },
  { weight: 6, step: read('wallet-history', '/api/wallets/list') },
  { weight: 7, step: topUp, isPayment: true },
  { weight: 3, step: withdraw, isPayment: true },
  { weight: 3, step: boost, isPayment: true },
  { weight: 3, step: subscribe, isPayment: true },
];

function nextStep(rush: Rush, player: Player): Step {
  const open = steps.filter((entry) => !entry.isPayment || mayPay(rush, player));
  let pick = Math.random() * open.reduce((sum, entry) => sum + entry.weight, 0);
  for (const entry of open) {
    pick -= entry.weight;
    if (pick <= 0) return entry.step;
  }
  return dashboard;
}

async function journey(rush: Rush, player: Player, arriveAt: number) {
  if (!(await rush.think(arriveAt - Date.now()))) return;
  if (!(await arrive(rush, player))) return;
  while (!rush.isStopping()) {
    if (!(await rush.think(rush.thinkMs()))) return;
    await nextStep(rush, player)(rush, player);
  }
}

export function startPlayers(
  stack: RushStack,
  seeded: SeededPlayers,
  options: {
    players: number;
    rampMs: number;
    /** No payment starts after this (ms since the epoch); by default payments start until the end. */
    paymentsUntil?: number;
    /** Sandbox test phones a share of players withdraw to ("Payouts on their way"). */
    payoutPhones?: string[];
  },
): RunningPlayers {
  const payoutPhones = options.payoutPhones ?? [];
  let isStopping = false;
  const sleepers = new Set<() => void>();
  const wsUrl = `${stack.balancerUrl.replace(/^http/, 'ws')}/ws`;
  const rush: Rush = {
    http: createHttp(stack.balancerUrl, stack.sourceAddresses),
    seeded,
    wsUrl,
    sourceAddresses: stack.sourceAddresses,
    records: [],
    log: createClientLog(),
    isStopping: () => isStopping,
    think: (ms) =>
      new Promise((resolve) => {
        if (isStopping) return resolve(false);
        const wake = () => {
          clearTimeout(timer);
          sleepers.delete(wake);
          resolve(!isStopping);
        };
        const timer = setTimeout(wake, Math.max(0, ms));
        sleepers.add(wake);
      }),
    thinkMs: () => MEAN_THINK_MS * (0.5 + Math.random()),
    paymentsUntil: options.paymentsUntil ?? Number.POSITIVE_INFINITY,
  };
  const players: Player[] = seeded.players.slice(0, options.players).map((seededPlayer, index) => ({
    seeded: seededPlayer,
    address: index % stack.sourceAddresses.length,
    tokenAt: 0,
    joinedRooms: new Set(),
    lastPaymentAt: 0,
    prompts: [],
    messagesSent: 0,
    ...(payoutPhones.length && index % PAYOUT_PHONE_EVERY === 0
      ? { payoutPhone: payoutPhones[(index / PAYOUT_PHONE_EVERY) % payoutPhones.length] }
      : {}),
  }));
  const started = Date.now();
  const journeys = players.map((player, index) =>
    journey(rush, player, started + (options.rampMs * index) / players.length + Math.random() * 1000).catch(
      (error: unknown) => {
        rush.records.push({
          action: 'journey-crash',
          at: Date.now(),
          ms: 0,
          ok: false,
          okAfterRetry: false,
          attempts: 1,
          failure: String(error).slice(0, 200),
        });
      },
    ),
  );

  return {
    records: rush.records,
    log: rush.log,
    seeded,
    connected: () => players.filter((player) => player.socket?.isReady).length,
    async stop() {
      isStopping = true;
      for (const wake of [...sleepers]) wake();
      await Promise.all(journeys);
      for (const player of players) player.socket?.close();
      rush.http.close();
    },
  };
}
