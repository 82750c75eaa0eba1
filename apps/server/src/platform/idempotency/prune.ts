import { sql } from 'drizzle-orm';
import type { Db } from '../db.ts';
import { idempotencyKeys } from './schema.ts';

/** Keys are kept a day: a repeat later than that runs as a new request. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60_000;
export const IDEMPOTENCY_PRUNE_JOB = 'idempotency.prune';

/** Forgets the keys older than `olderThanMs`. */
export async function pruneIdempotencyKeys(db: Db, olderThanMs: number): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < now() - ${`${olderThanMs} milliseconds`}::interval`);
}
