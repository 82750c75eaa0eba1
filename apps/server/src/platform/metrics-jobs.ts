import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import { jobs } from './jobs/schema.ts';
import type { JobState } from './metrics-sources.ts';

/**
 * The queue as an operator watches it: jobs not done by kind and state, and how long the oldest due
 * one has waited. Done jobs are deleted, so this reads a short table.
 */
export async function jobQueueState(db: Db) {
  const state = sql<JobState>`case
    when ${jobs.deadAt} is not null then 'dead'
    when ${jobs.lockedUntil} > now() then 'running'
    when ${jobs.runAt} <= now() then 'due'
    else 'scheduled' end`;
  const rows = await db
    .select({
      kind: jobs.kind,
      state,
      count: sql<number>`count(*)::int`,
      oldestDueSeconds: sql<number>`greatest(extract(epoch from now() - min(${jobs.runAt})), 0)::float8`,
    })
    .from(jobs)
    // By output position: the state is an expression GROUP BY cannot match by text.
    .groupBy(sql`1`, sql`2`);
  return rows.map((row) => ({ ...row, oldestDueSeconds: Number(row.oldestDueSeconds) }));
}
