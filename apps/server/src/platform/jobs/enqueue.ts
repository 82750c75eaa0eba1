import { type SQL, sql } from 'drizzle-orm';
import type { Bound } from '../db.ts';
import { currentRequestId } from '../request-context.ts';
import { traceContextNow } from '../tracing.ts';

/** Where a job comes from: the request that enqueued it and its trace, carried into its run (ADR 0051). */
export interface JobOrigin {
  requestId: string | null;
  traceContext: string | null;
}

/** The request and trace in hand, for a job enqueued now or for one built now and written later. */
export const jobOrigin = (): JobOrigin => ({
  requestId: currentRequestId() ?? null,
  traceContext: traceContextNow(),
});

/**
 * Jobs to add, as `enqueueAll` takes them. `origin`: a job built during one request but written
 * with others' (a batch of withdrawals) keeps its own; otherwise it is the one in hand when written.
 */
export type NewJob = {
  kind: string;
  payload: Record<string, unknown>;
  options?: { runAt?: Date; delayMs?: number; key?: string };
  origin?: JobOrigin;
};

const runAtOf = ({ options = {} }: NewJob, now: number) =>
  options.runAt ?? new Date(now + (options.delayMs ?? 0));

/** The rows `enqueueAll` inserts. */
export function jobRows(list: NewJob[], now = Date.now()) {
  const here = jobOrigin();
  return list.map((job) => ({
    kind: job.kind,
    payload: job.payload,
    runAt: runAtOf(job, now),
    key: job.options?.key ?? null,
    ...(job.origin ?? here),
  }));
}

/**
 * The INSERT that `enqueueAll` runs, as SQL another statement can carry in a CTE (a withdrawal's
 * intent and its jobs in one round trip, ADR 0028); same rules: a waiting job's key adds nothing.
 * With `onlyWith`, the jobs are added only when that CTE of the statement has a row.
 */
export function enqueueStatement(list: NewJob[], now = Date.now(), onlyWith?: string): SQL {
  const rows = jobRows(list, now).map(
    (job) =>
      sql`(${job.kind}::text, ${job.key}::text, ${JSON.stringify(job.payload)}::jsonb, ${job.runAt.toISOString()}::timestamptz, ${job.requestId}::text, ${job.traceContext}::text)`,
  );
  const source = onlyWith
    ? sql`select * from (values ${sql.join(rows, sql`, `)}) as job where exists (select from ${sql.identifier(onlyWith)})`
    : sql`values ${sql.join(rows, sql`, `)}`;
  return sql`insert into jobs (kind, key, payload, run_at, request_id, trace_context) ${source} on conflict (key) do nothing`;
}

/**
 * Many jobs as one INSERT another statement carries (a batch of withdrawals, ADR 0044): each job is
 * added only when its `gate` is among the ids the statement's CTE `onlyWith` returns. The jobs go in
 * as one array per column, so the statement's text is the same whatever their number: it is
 * prepared once, and building it does not grow with the batch. Same rules as `enqueueStatement`.
 */
export function enqueueGatedStatement(
  list: (NewJob & { gate: string })[],
  now: number,
  onlyWith: string,
): Bound {
  const rows = jobRows(list, now);
  return {
    sql: gatedJobsSql(onlyWith),
    values: {
      jobs_kind: rows.map((job) => job.kind),
      jobs_key: rows.map((job) => job.key),
      jobs_payload: rows.map((job) => JSON.stringify(job.payload)),
      jobs_run_at: rows.map((job) => job.runAt.toISOString()),
      jobs_request_id: rows.map((job) => job.requestId),
      jobs_trace_context: rows.map((job) => job.traceContext),
      jobs_gate: list.map((job) => job.gate),
    },
  };
}

/** `enqueueGatedStatement`'s SQL, built once for each CTE it is gated on. */
const gatedJobs = new Map<string, SQL>();
function gatedJobsSql(onlyWith: string): SQL {
  let built = gatedJobs.get(onlyWith);
  if (!built) {
    const column = (name: string) => sql.placeholder(`jobs_${name}`);
    built = sql`insert into jobs (kind, key, payload, run_at, request_id, trace_context)
      select job.kind, job.key, job.payload, job.run_at, job.request_id, job.trace_context
      from unnest(
        ${column('kind')}::text[], ${column('key')}::text[], ${column('payload')}::jsonb[],
        ${column('run_at')}::timestamptz[], ${column('request_id')}::text[],
        ${column('trace_context')}::text[], ${column('gate')}::uuid[]
      ) as job(kind, key, payload, run_at, request_id, trace_context, gate)
      where job.gate in (select id from ${sql.identifier(onlyWith)})
      on conflict (key) do nothing`;
    gatedJobs.set(onlyWith, built);
  }
  return built;
}

/**
 * An INSERT another statement carries: one job of `kind` for each row its CTE `from` returns, whose
 * payload names that row's `id` as `field`, due now, from the request that asked (a `JobOrigin`
 * in its placeholders `job_request_id` and `job_trace_context`). Built once by its caller, so the
 * statement is prepared once (a notification and its push job in one round trip).
 */
export function jobForEachRowSql(kind: string, from: string, field: string): SQL {
  return sql`insert into jobs (kind, payload, run_at, request_id, trace_context)
    select ${kind}::text, jsonb_build_object(${field}::text, row.id), now(),
      ${sql.placeholder('job_request_id')}::text, ${sql.placeholder('job_trace_context')}::text
    from ${sql.identifier(from)} as row`;
}
