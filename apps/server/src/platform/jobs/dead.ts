import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db.ts';
import { AppError } from '../errors.ts';
import { jobs } from './schema.ts';

/** A job that failed its kind's maximum of times in a row: what an operator needs to decide. */
export interface DeadJob {
  id: number;
  kind: string;
  key: string | null;
  payload: Record<string, unknown>;
  /** Times it was claimed, including the runs that asked to run again later. */
  attempts: number;
  /** Failures in a row that made it dead. */
  failures: number;
  lastError: string | null;
  deadAt: Date;
  createdAt: Date;
}

const columns = {
  id: jobs.id,
  kind: jobs.kind,
  key: jobs.key,
  payload: jobs.payload,
  attempts: jobs.attempts,
  failures: jobs.failures,
  lastError: jobs.lastError,
  deadAt: jobs.deadAt,
  createdAt: jobs.createdAt,
};

export const deadJobNotFoundMessage = 'There is no dead job with this id.';

export async function listDeadJobs(db: Db, { limit = 100 } = {}): Promise<DeadJob[]> {
  const rows = await db
    .select(columns)
    .from(jobs)
    .where(isNotNull(jobs.deadAt))
    .orderBy(desc(jobs.deadAt), desc(jobs.id))
    .limit(limit);
  return rows.flatMap(({ deadAt, payload, ...row }) =>
    deadAt ? [{ ...row, deadAt, payload: payload as Record<string, unknown> }] : [],
  );
}

/** Due now, failures forgotten; its attempts and last error stay for the record. */
export async function retryDeadJob(db: Db, id: number): Promise<void> {
  const [row] = await db
    .update(jobs)
    .set({ deadAt: null, failures: 0, lockedUntil: null, runAt: sql`now()` })
    .where(and(eq(jobs.id, id), isNotNull(jobs.deadAt)))
    .returning({ id: jobs.id });
  if (!row) throw new AppError('NOT_FOUND', deadJobNotFoundMessage);
}
