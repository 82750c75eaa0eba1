// The careful client, as the web app is one: a GET that fails is asked again; a keyed money POST is
// sent again under the same Idempotency-Key after a lost answer, a proxy's 502/503/504 or a BUSY key;
// an unkeyed mutation whose outcome is unknown is first looked for, and sent again only if it did
// not land. Every attempt is counted for the action's record.

import { type Answer, envelope, NetworkFailure } from './http-client.ts';
import type { ActionRecord } from './types.ts';

/** What an answer means to the caller: done, worth another try, or a final refusal. */
export type Verdict = 'ok' | 'retry' | 'final';

export interface Attempted {
  answer?: Answer;
  attempts: number;
  /** The last failure's status (with the envelope's code for a 409) or network error code. */
  failure?: string;
  firstOk: boolean;
  ok: boolean;
}

const LANDING_WAIT_MS = 20_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isProxyFailure = (status: number) => status === 502 || status === 503 || status === 504;

function describe(answer: Answer): string {
  const { code } = envelope(answer);
  return answer.status === 409 && code ? `409 ${code}` : String(answer.status);
}

/** Answers a caller would try again: the balancer's own failures, and a key still held elsewhere. */
export function transient(answer: Answer): boolean {
  return isProxyFailure(answer.status) || (answer.status === 409 && envelope(answer).code === 'BUSY');
}

interface Policy {
  maxAttempts: number;
  /** Backoff before attempt n+1 (n from 1), jittered by the caller. */
  backoffMs: (attempt: number) => number;
}

export const getPolicy: Policy = { maxAttempts: 5, backoffMs: (n) => Math.min(8000, 500 * 2 ** n) };
// Long enough to outlast an instance's death: a key its dead holder kept answers BUSY until the
// idempotency lease (30 s) lapses, then the retry takes it over.
export const keyedPolicy: Policy = { maxAttempts: 9, backoffMs: (n) => Math.min(10_000, 1000 * 2 ** n) };

/**
 * Sends until `judge` says ok or final, or the attempts run out. `landed`, for an unkeyed mutation,
 * is asked after an unknown outcome before sending again: true means an earlier one landed,
 * undefined that it could not be told.
 */
export async function carefully(
  send: () => Promise<Answer>,
  judge: (answer: Answer) => Verdict,
  policy: Policy,
  landed?: () => Promise<boolean | undefined>,
): Promise<Attempted> {
  let failure: string | undefined;
  let answer: Answer | undefined;
  for (let attempt = 1; ; attempt++) {
    let verdict: Verdict;
    let isUnknown = false;
    try {
      answer = await send();
      verdict = judge(answer);
      if (verdict === 'retry' || (verdict === 'final' && transient(answer))) {
        verdict = 'retry';
        isUnknown = isProxyFailure(answer.status);
      }
      if (verdict !== 'ok') failure = describe(answer);
    } catch (error) {
      if (!(error instanceof NetworkFailure)) throw error;
      answer = undefined;
      verdict = 'retry';
      isUnknown = true;
      failure = error.code;
    }
    if (verdict === 'ok') return { answer, attempts: attempt, failure, firstOk: attempt === 1, ok: true };
    if (verdict === 'final' || attempt >= policy.maxAttempts) {
      return { answer, attempts: attempt, failure, firstOk: false, ok: false };
    }
    const backoff = policy.backoffMs(attempt) * (0.5 + Math.random() / 2);
    // A request the client timed out on may still be queued at the server: give it time to land
    // before looking, or the look misses it and the resend stores it twice.
    await pause(landed && failure === 'ETIMEDOUT' ? Math.max(LANDING_WAIT_MS, backoff) : backoff);
    if (landed && isUnknown) {
      const hasLanded = await landed();
      if (hasLanded) return { answer, attempts: attempt, failure, firstOk: false, ok: true };
      // Could not look: sending again might make it twice, so the client stops and says so.
      if (hasLanded === undefined)
        return { answer, attempts: attempt, failure: 'unverified', firstOk: false, ok: false };
    }
  }
}

/** The action as the records keep it. */
export function toRecord(action: string, startedAt: number, attempted: Attempted): ActionRecord {
  return {
    action,
    at: startedAt,
    ms: Date.now() - startedAt,
    ok: attempted.firstOk,
    okAfterRetry: attempted.ok,
    attempts: attempted.attempts,
    ...(attempted.failure ? { failure: attempted.failure } : {}),
  };
}
