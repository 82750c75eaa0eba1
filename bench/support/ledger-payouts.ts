import type { databaseMeters } from './process-cpu.ts';
import type { Psql } from './psql.ts';

/**
 * A trigger on the bench's own jobs table: every payout job, and its reconcile job, falls due an hour
 * after it is queued. Before 2026-11-29 the reconcile jobs kept their 30 s: they fell due during the
 * drain and sent the payouts not drained, whose cost was counted as the drained ones'.
 */
export const payoutsLaterSql = `create function bench_payout_later() returns trigger language plpgsql as $$
  begin new.run_at := now() + interval '1 hour'; return new; end $$;
  create trigger bench_payout_later before insert on jobs for each row
  when (new.kind in ('payments.send-payout', 'payments.reconcile')) execute function bench_payout_later();`;

/**
 * With BENCH_PAYOUTS=later, after the withdrawals: first `warmup` of their payouts sent and not
 * counted, as the withdrawals' warm-up lets V8 compile their path (the payout's path had not run:
 * in a drain of 2,000, compiling it was a quarter of the server's CPU); then the oldest `count` of
 * the rest made due at once and sent with nothing else running (the B2C request to Daraja's
 * sandbox, its callback, the settlement, the player's notice): how many a second it keeps up. Once
 * they are final, their reconcile jobs, if any are left, are made due, each finding its payout
 * final: with them, what one payout costs the server and PostgreSQL from its withdrawal's commit
 * to its last job.
 */
export async function drainPayouts(
  count: number,
  warmup: number,
  deps: {
    psql: Psql;
    database: string;
    meters: ReturnType<typeof databaseMeters>;
    serverCpuSeconds: () => number;
    /** Daraja's side, its process and its database's backends, when it runs apart from the server. */
    darajaCpuSeconds?: () => number;
  },
) {
  if (warmup > 0) await drainOnce('bench_drain_warmup', warmup, deps.psql, deps.database);
  const { psql, database, meters, serverCpuSeconds, darajaCpuSeconds } = deps;
  const cpuBefore = serverCpuSeconds();
  const darajaBefore = darajaCpuSeconds?.() ?? 0;
  const databaseBefore = meters.cpuSeconds();
  const countersBefore = meters.tableCounters();
  const { done, elapsed } = await drainOnce('bench_drained', count, psql, database);
  const perPayout = (cpuSeconds: number) => (done ? (cpuSeconds * 1000) / done : 0);
  const cpuMs = perPayout(serverCpuSeconds() - cpuBefore);
  const databaseCpuMs = perPayout(meters.cpuSince(databaseBefore));
  const darajaCpuMs = darajaCpuSeconds ? perPayout(darajaCpuSeconds() - darajaBefore) : undefined;
  // Read a second after the last job, so every backend has reported its counters.
  await new Promise((resolve) => setTimeout(resolve, 1200));
  return {
    counters: meters.countersPer(countersBefore, Math.max(1, done)),
    cpuMs,
    databaseCpuMs,
    darajaCpuMs,
    done,
    perSecond: done / elapsed,
    elapsed,
    warmup,
  };
}

/**
 * The oldest `count` payouts still waiting made due at once, kept in the bench's own table `table`;
 * resolves once each is final and their reconcile jobs, if any are left, have run.
 */
async function drainOnce(table: string, count: number, psql: Psql, database: string) {
  const started = performance.now();
  // The drained intents are kept in a table of the bench's own, so they are asked after by id.
  const drained = Number(
    psql.run(
      `create table ${table} as
         with due as (
           update jobs set run_at = now() where id in
             (select id from jobs where kind = 'payments.send-payout' order by run_at limit ${count})
           returning (payload->>'intentId')::uuid as id)
         select id from due;
       select count(*) from ${table}`,
      database,
    ),
  );
  // Four times a second, each intent read by its primary key: about 11 ms of PostgreSQL's time a
  // question with 2,000 drained (pg_stat_statements). A join left to the planner, in a database too
  // young for statistics, read every intent each time: 23 ms, counted as the payouts' own.
  const completed = () =>
    Number(
      psql.run(
        `select count(*) from ${table} d
           where (select status from payment_intents p where p.id = d.id) in ('COMPLETED', 'ERROR', 'CANCELLED')`,
        database,
      ),
    );
  const waitFor = async (finished: () => boolean) => {
    while (!finished() && performance.now() - started < 300_000)
      await new Promise((resolve) => setTimeout(resolve, 250));
  };
  let done = 0;
  await waitFor(() => {
    done = completed();
    return done >= drained;
  });
  const elapsed = (performance.now() - started) / 1000;
  const reconciling = `from jobs where key in (select 'reconcile:' || id from ${table})`;
  psql.run(`update jobs set run_at = now() where id in (select id ${reconciling})`, database);
  await waitFor(() => psql.run(`select count(*) ${reconciling}`, database) === '0');
  return { done, elapsed };
}
