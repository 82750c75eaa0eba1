import { and, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db.ts';
import { jobs } from './schema.ts';

/** How long a claim holds a job: a worker that died lets it lapse and the job runs again. */
const LEASE_MS = 60_000;
const MAX_BACKOFF_MS = 10 * 60_000;
/** With the backoff above, 20 failures in a row take about two hours. */
export const DEFAULT_MAX_ATTEMPTS = 20;
/** The last error of a job whose worker stopped (process killed, lease lapsed) before it finished. */
export const LEASE_LAPSED_ERROR =
  'The worker running this job stopped before it finished (its lease lapsed).';

export const backoffMs = (attempts: number) => Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 20));

/**
 * The claim of up to `limit` (a placeholder) due jobs of `kinds`: the oldest due first, FOR UPDATE
 * SKIP LOCKED so workers share them, leased for LEASE_MS. The ids are taken as an array
 * (`= any(array(...))`), not `in (subquery)`: prepared, PostgreSQL soon plans the statement without
 * knowing the limit, and for `in` it then guessed a tenth of the due jobs and read the whole table
 * to join them (a sequential scan of every waiting job on each claim, 8 ms a claim at 40,000 waiting
 * in the ledger bench); an array of ids is always read through the primary key.
 */
export function claimJobs(db: Db, kinds: string[]) {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        isNull(jobs.deadAt),
        lte(jobs.runAt, sql`now()`),
        or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`)),
        inArray(jobs.kind, kinds),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(sql.placeholder('limit'))
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      lockedUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`,
      attempts: sql`${jobs.attempts} + 1`,
      // Still leased: the last claim never finished (a crash, maybe caused by this very job).
      failures: sql`${jobs.failures} + (case when ${jobs.lockedUntil} is null then 0 else 1 end)`,
      lastError: sql`case when ${jobs.lockedUntil} is null then ${jobs.lastError} else ${LEASE_LAPSED_ERROR} end`,
    })
    .where(sql`${jobs.id} = any(array(${due}))`)
    .returning();
}
