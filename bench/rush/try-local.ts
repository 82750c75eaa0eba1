// The players and the checks against one local server (its in-process sandbox), without the rush's
// stack: for trying them on a laptop. Prints the client's figures every 10 s, then the checks.
// Usage: node bench/rush/try-local.ts [players=200] [seconds=90] [rampSeconds=20]
//   (PostgreSQL at BENCH_PG_URL, Redis at BENCH_REDIS_URL)
import { cpuUsage } from 'node:process';
import pg from 'pg';
import { checkRush } from './checks.ts';
import { startLocalStack } from './local-stack.ts';
import { seedPlayers, startPlayers } from './players.ts';
import type { ActionRecord } from './types.ts';

const count = Number(process.argv[2] ?? 200);
const seconds = Number(process.argv[3] ?? 90);
const rampSeconds = Number(process.argv[4] ?? 20);
const local = await startLocalStack(
  3471,
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function summary(records: ActionRecord[], since: number, windowMs: number) {
  const recent = records.filter((record) => record.at >= since);
  const ms = recent.map((record) => record.ms).sort((a, b) => a - b);
  const failures = new Map<string, number>();
  for (const record of recent.filter((r) => !r.ok))
    failures.set(
      `${record.action}:${record.failure}`,
      (failures.get(`${record.action}:${record.failure}`) ?? 0) + 1,
    );
  return `${(recent.length / (windowMs / 1000)).toFixed(0)} actions/s, p50 ${percentile(ms, 50)} ms, p99 ${percentile(ms, 99)} ms; not ok first try: ${[...failures].map(([key, n]) => `${key} x${n}`).join(', ') || 'none'}`;
}

try {
  const seedStarted = Date.now();
  const seeded = await seedPlayers(local.stack, count);
  console.log(`seeded ${count} players in ${Date.now() - seedStarted} ms`);
  const players = startPlayers(local.stack, seeded, { players: count, rampMs: rampSeconds * 1000 });
  const started = Date.now();
  let cpu = cpuUsage();
  let last = Date.now();
  while (Date.now() - started < seconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const used = cpuUsage(cpu);
    const now = Date.now();
    const cpuShare = ((used.user + used.system) / 1000 / (now - last)) * 100;
    console.log(
      `t=${Math.round((now - started) / 1000)}s sockets=${players.connected()} client_cpu=${cpuShare.toFixed(0)}% ${summary(players.records, last, now - last)}`,
    );
    cpu = cpuUsage();
    last = now;
  }
  const stopping = Date.now();
  await players.stop();
  console.log(
    `stopped in ${Date.now() - stopping} ms; whole run: ${summary(players.records, started, Date.now() - started)}`,
  );
  const byAction = new Map<string, number>();
  for (const record of players.records) byAction.set(record.action, (byAction.get(record.action) ?? 0) + 1);
  console.log(`actions: ${[...byAction].map(([action, n]) => `${action}=${n}`).join(' ')}`);
  const log = players.log;
  const tally = (items: string[]) =>
    [...new Set(items)].map((item) => `${item}=${items.filter((i) => i === item).length}`).join(' ');
  console.log(`payments: ${tally(log?.payments.map((p) => `${p.kind}:${p.lastStatus ?? p.failure}`) ?? [])}`);
  console.log(
    `runs: ${tally(log?.runs.map((r) => `${r.tournamentId ? 'tournament' : 'free'}:${r.outcome}`) ?? [])}`,
  );
  console.log(`messages: ${tally(log?.messages.map((m) => m.outcome) ?? [])}`);
  console.log(`heard on sockets: ${JSON.stringify(Object.fromEntries(players.log?.heard ?? []))}`);
  await local.stack.stopSandbox();
  const checks = await checkRush(local.stack, players);
  console.log(`checks: lostCents=${checks.lostCents} createdCents=${checks.createdCents}`);
  for (const problem of checks.problems) console.log(`  problem: ${problem}`);
  const db = new pg.Client({ connectionString: local.stack.databaseUrl });
  await db.connect();
  const { rows } = await db.query(
    `select kind, count(*)::int as jobs, min(run_at) as first_due, max(attempts) as attempts, max(last_error) as last_error
     from jobs group by kind`,
  );
  console.log('jobs at the end:', rows);
  await db.end();
} finally {
  await local.stop();
}
