import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Durable jobs: claimed with FOR UPDATE SKIP LOCKED under a lease, at least once (ADR 0008). */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** Enqueuing the same key again while the job is not done changes nothing. */
    key: text('key').unique(),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when claimed; a worker that died lets it lapse and another takes the job. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Failures in a row (a thrown error, or a lease that lapsed under a worker); reset on a retry by hand. */
    failures: integer('failures').notNull().default(0),
    /** Set when the job failed its kind's maximum of times: it is not run again until an operator retries it. */
    deadAt: timestamp('dead_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The X-Request-Id of the request that enqueued it: its runs log under it (ADR 0051). */
    requestId: text('request_id'),
    /** That request's trace as a W3C traceparent, when tracing: its runs continue the trace. */
    traceContext: text('trace_context'),
  },
  (t) => [index('jobs_run_at_idx').on(t.runAt)],
);
