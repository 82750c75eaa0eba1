import { ApiError } from './api-error';

/**
 * IDEMPOTENCY_HEADER of `@playon/shared/payments`, named here: that module's schemas, and with them
 * zod (94 KB of script), would otherwise come with every first screen's code, which imports this.
 * `api-fetch-retry.test.ts` sends the shared name and fails if the two part.
 */
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Attempts in all for a request that carries an Idempotency-Key (ADR 0049). */
export const KEYED_ATTEMPTS = 4;
const FIRST_BACKOFF_MS = 500;

export function hasIdempotencyKey(headers: Record<string, string> | undefined): boolean {
  const name = IDEMPOTENCY_HEADER.toLowerCase();
  return Object.entries(headers ?? {}).some(([header, value]) => header.toLowerCase() === name && value);
}

/**
 * Whether a keyed request may go again under its key: no answer came (the connection dropped, or
 * nginx had no instance to give it to: 502, 503, 504), or the key's first request is still running
 * (409 BUSY). The server answers a repeat with the first answer, or runs it once if it never ran
 * (ADR 0010, 0017). Any other answer is the server's word and final.
 */
export function isWorthSendingAgain(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'network') return true;
  if (error.kind !== 'http') return false;
  return [502, 503, 504].includes(error.status) || (error.status === 409 && error.code === 'BUSY');
}

/**
 * The wait after attempt `attempt` (from 1): 0.5 s, 1 s, 2 s, each between half and one and a half
 * times that, so phones cut off by the same instance do not all come back in the same instant.
 */
export function backoffMs(attempt: number): number {
  const base = FIRST_BACKOFF_MS * 2 ** (attempt - 1);
  return base / 2 + Math.random() * base;
}

/** Resolves after `ms`, or rejects with an AbortError as soon as `signal` aborts, as fetch would. */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    if (signal?.aborted) aborted();
    else signal?.addEventListener('abort', aborted, { once: true });
  });
}
