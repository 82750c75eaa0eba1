import { Counter } from 'prom-client';

/** The limits that count in Redis: per-route (security.ts), sign-in (credential limits), chat floods. */
export type LimitName = 'routes' | 'sign-in' | 'chat';
const LIMITS: LimitName[] = ['routes', 'sign-in', 'chat'];

/**
 * Limit checks skipped because their Redis did not answer: the request went through unlimited (ADR
 * 0057). One per process, as the process metrics are (metrics.ts registers it with them): the limits
 * open their connections where no app's registry reaches.
 */
export const limitStoreErrors = new Counter({
  name: 'playon_limit_store_errors_total',
  help: 'Limit checks skipped because their Redis did not answer (the request was let through unlimited), by limit (routes, sign-in, chat)',
  labelNames: ['limit'],
  registers: [],
});
// Every series from the start: a rate over a series that appears with its first error misses it.
for (const limit of LIMITS) limitStoreErrors.inc({ limit }, 0);
