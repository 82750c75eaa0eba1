// One virtual player's calls, as the web app makes them: the access token from the session cookie
// (asked again before it expires, and after a 401), each call carefully retried, each user-visible
// action kept as an ActionRecord.
import { randomUUID } from 'node:crypto';
import { type Attempted, carefully, getPolicy, keyedPolicy, toRecord, type Verdict } from './careful.ts';
import type { ClientLog } from './client-log.ts';
import type { Answer, CallOptions, Http } from './http-client.ts';
import type { LiveSocket } from './live-socket.ts';
import type { SeededPlayer, SeededPlayers } from './seed.ts';
import type { ActionRecord } from './types.ts';

/** What every player shares: the HTTP agents, the seeded world, the records, the stop flag. */
export interface Rush {
  http: Http;
  seeded: SeededPlayers;
  wsUrl: string;
  sourceAddresses: string[];
  records: ActionRecord[];
  log: ClientLog;
  isStopping: () => boolean;
  /** Think time, interrupted when the run stops (then resolves false). */
  think(ms: number): Promise<boolean>;
  /** A human's pause between two actions: about `meanThinkMs`, jittered. */
  thinkMs(): number;
  /** No payment starts after this (ms since the epoch): each settles before the players stop. */
  paymentsUntil: number;
}

export interface Player {
  seeded: SeededPlayer;
  address: number;
  uid?: string;
  cookie?: string;
  token?: string;
  tokenAt: number;
  socket?: LiveSocket;
  joinedRooms: Set<number>;
  /** When the player last started a payment, and the M-Pesa prompts they had in the last hour. */
  lastPaymentAt: number;
  prompts: number[];
  messagesSent: number;
  /** A sandbox test phone this player's withdrawals go to ("Payouts on their way"), for a share of them. */
  payoutPhone?: string;
}

const TOKEN_FRESH_MS = 12 * 60_000;
const isSuccess = (answer: Answer) => answer.status >= 200 && answer.status < 300;
export const okIfSuccess = (answer: Answer): Verdict =>
  isSuccess(answer) ? 'ok' : answer.status >= 500 ? 'retry' : 'final';

export function createPlayerApi(rush: Rush, player: Player) {
  const { http } = rush;

  async function refreshToken(): Promise<string | undefined> {
    if (!player.cookie) return undefined;
    const attempted = await carefully(
      () => http.call(player.address, '/api/auth/token', { cookie: player.cookie }),
      okIfSuccess,
      getPolicy,
    );
    const token = (attempted.answer?.body as { token?: string } | undefined)?.token;
    if (attempted.ok && token) {
      player.token = token;
      player.tokenAt = Date.now();
    }
    return attempted.ok ? token : undefined;
  }

  async function token(fresh = false): Promise<string | undefined> {
    if (fresh || !player.token || Date.now() - player.tokenAt > TOKEN_FRESH_MS) return refreshToken();
    return player.token;
  }

  /** One request with the bearer token; a 401 gets a fresh token and one more try. */
  async function authed(path: string, options: CallOptions): Promise<Answer> {
    const answer = await http.call(player.address, path, { ...options, token: await token() });
    if (answer.status !== 401 || !player.cookie) return answer;
    return http.call(player.address, path, { ...options, token: await token(true) });
  }

  function record(action: string, startedAt: number, attempted: Attempted) {
    rush.records.push(toRecord(action, startedAt, attempted));
    return attempted;
  }

  return {
    token,
    record,
    /** A read (also a POST that only reads, like a chat page): asked again when it fails. */
    async read(action: string, path: string, options: CallOptions = {}, judge = okIfSuccess) {
      const startedAt = Date.now();
      return record(action, startedAt, await carefully(() => authed(path, options), judge, getPolicy));
    },
    /** A POST under one Idempotency-Key for all its attempts: money, a chat message. */
    async keyed(action: string, path: string, json: unknown, key = randomUUID()) {
      const startedAt = Date.now();
      const headers = { 'Idempotency-Key': key };
      const attempted = await carefully(
        () => authed(path, { method: 'POST', json, headers }),
        okIfSuccess,
        keyedPolicy,
      );
      return { key, attempted: record(action, startedAt, attempted) };
    },
    /** An unkeyed mutation: after an unknown outcome, `landed` looks before it is sent again. */
    async mutate(
      action: string,
      path: string,
      json: unknown,
      judge: (answer: Answer) => Verdict,
      landed: () => Promise<boolean | undefined>,
    ) {
      const startedAt = Date.now();
      const attempted = await carefully(
        () => authed(path, { method: 'POST', json }),
        judge,
        getPolicy,
        landed,
      );
      return record(action, startedAt, attempted);
    },
    /** A call outside any record (the careful client's own look whether something landed). */
    quiet: (path: string, options: CallOptions = {}) =>
      carefully(() => authed(path, options), okIfSuccess, getPolicy),
  };
}

export type PlayerApi = ReturnType<typeof createPlayerApi>;
