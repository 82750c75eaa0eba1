// Ledger throughput through the HTTP API against PostgreSQL, next to pgbench's TPC-B on the same
// server in the same run. Each transfer is a withdrawal: one request that authenticates, reserves
// amount + fee from the wallet into pending payouts under the wallet's row lock, records the intent,
// enqueues its payout jobs and stores its Idempotency-Key with the answer, all in one statement with
// no transaction around it (ADR 0043), shared with the withdrawals asked for at the same moment (group
// commit, ADR 0044). The payout itself runs in the background.
// Usage: node bench/ledger.ts [seconds=20] [clients=32] [workers=2]   (needs PostgreSQL at BENCH_PG_URL)
// The clients first send withdrawals for BENCH_WARMUP seconds (2 unless set) that are not counted,
// as a harness lets a JIT warm up; the summary says how long, and prints the warm-up's latencies.
// workers > 1 runs the server in cluster mode (WEB_CONCURRENCY) with Redis at BENCH_REDIS_URL.
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server process there (open it in Chrome's
// DevTools or speedscope to see where a withdrawal's time goes).
// BENCH_PAYOUTS=later makes the run's payouts fall due after it (a trigger on the bench's own jobs
// table), to split the request's cost from the payout jobs'; then BENCH_DRAIN_WARMUP (500 unless set)
// of those payouts are sent to warm their path, not counted, and BENCH_DRAIN (2000 unless set) of
// those payouts are made due at once and sent with nothing else running, for a payout's own cost:
// the summary's payout_cpu_ms and payout_pg_cpu_ms, and payout_x_cpu and payout_x_pg, each as so
// many withdrawals' cost (cpu_ms and pg_cpu_ms).
// Daraja's sandbox runs as production's Daraja does, outside the server: a PlayOn process of its own
// with its own database (bench/support/daraja-process.ts), so the server's and PostgreSQL's figures
// are PlayOn's alone; BENCH_DARAJA=in-process serves it from the server itself, as before 2026-11-29.
// The clients write their requests on kept-alive sockets of their own and read the answers' status
// (bench/support/raw-http.ts, as wrk's or pgbench's clients do); BENCH_CLIENT=http sends them with
// node:http's client instead, and BENCH_CLIENT=fetch with fetch (undici). The summary's client_cpu_ms
// is what the bench's own clients cost per withdrawal.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDarajaProcess } from './support/daraja-process.ts';
import { type ClientKind, ledgerClients } from './support/ledger-clients.ts';
import { drainPayouts, payoutsLaterSql } from './support/ledger-payouts.ts';
import { cpuSecondsOf, databaseMeters, type TableCounters } from './support/process-cpu.ts';
import { psqlOn } from './support/psql.ts';

/** The goal for one run: withdrawals ≥ half of pgbench's TPC-B, p99 at most 50 ms. */
const GOAL = { ratio: 0.5, p99Ms: 50 };
const seconds = Number(process.argv[2] ?? 20);
/** Seconds of withdrawals sent before the measured ones, not counted (BENCH_WARMUP, 2 unless set). */
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2);
const clients = Number(process.argv[3] ?? 32);
const workers = Number(process.argv[4] ?? 2);
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const cpuProfileDir = process.env.BENCH_CPU_PROF;
/** `later`: the payouts of the run's withdrawals fall due an hour later, so the figures are the request's alone. */
const payoutsLater = process.env.BENCH_PAYOUTS === 'later';
/** With payouts later, how many of them are then sent alone to measure a payout's cost (BENCH_DRAIN, 2000 unless set). */
const drainCount = Number(process.env.BENCH_DRAIN ?? 2000);
/** With payouts later, how many are sent first and not counted, warming their path (BENCH_DRAIN_WARMUP, 500 unless set). */
const drainWarmup = Number(process.env.BENCH_DRAIN_WARMUP ?? 500);
/** Daraja's sandbox in a process of its own (the default since 2026-11-29), or in the server's. */
const darajaInProcess = process.env.BENCH_DARAJA === 'in-process';
/**
 * How the clients send: `raw` (the default since 2026-11-28) writes each request's bytes on a socket
 * of the client's own; `http` through node:http's client (2026-11-27); `fetch` through undici (before).
 */
const clientKind: ClientKind =
  (['fetch', 'http'] as const).find((kind) => kind === process.env.BENCH_CLIENT) ?? 'raw';
const admin = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const port = 3391;
const darajaPort = 3392;
const baseUrl = `http://localhost:${port}`;
const appDb = 'playon_bench_ledger';
const tpcbDb = 'playon_bench_tpcb';
const darajaDb = 'playon_bench_daraja';
const dataDir = mkdtempSync(join(tmpdir(), 'playon-bench-'));
const psql = psqlOn(admin);
const meters = databaseMeters(psql, appDb);
const darajaMeters = databaseMeters(psql, darajaDb);
const { mpesaMethod, fundedPlayer, withdrawalSender } = ledgerClients(baseUrl, port, clientKind);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

for (const name of [appDb, tpcbDb, darajaDb]) {
  psql.run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  psql.run(`CREATE DATABASE ${name}`);
}

const daraja = darajaInProcess
  ? undefined
  : await startDarajaProcess({ port: darajaPort, databaseUrl: psql.databaseUrl(darajaDb) });
const profiling = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
const server = spawn(process.execPath, [...profiling, 'apps/server/src/main.ts'], {
  env: {
    ...process.env,
    ...daraja?.env,
    WEB_CONCURRENCY: String(workers),
    ...(workers > 1 ? { REDIS_URL: redisUrl } : {}),
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: psql.databaseUrl(appDb),
    LOG_LEVEL: 'warn',
    // Every client is signed up from this one address within seconds: more than a NAT address's night.
    SIGN_UPS_PER_ADDRESS_PER_MINUTE: '100000',
    RATE_LIMIT_PAYMENTS_PER_MINUTE: '10000000',
    PAYMENT_PROMPTS_PER_PHONE_PER_HOUR: '100000',
    // Top-ups settle at once, so funding is quick. The payout jobs run in the server during the run
    // (the B2C request to Daraja's sandbox, then its callback), as far as the job worker keeps up:
    // the bench prints how many completed, and its CPU figure includes them.
    SANDBOX_PAYMENT_DELAY_MS: '0',
  },
  stdio: ['ignore', 'ignore', 'pipe'],
});
// Passed on, and counted: the clients connect (and keep their connections) once every worker serves,
// else the first worker, which serves before the others start, would hold them all.
let serving = 0;
server.stderr?.on('data', (chunk: Buffer) => {
  process.stderr.write(chunk);
  serving += chunk.toString().match(/ serving\./g)?.length ?? 0;
});

/** CPU seconds of the server and its cluster workers so far. */
const serverCpuSeconds = () => (server.pid ? cpuSecondsOf(server.pid, true) : 0);

async function waitForHealth() {
  // Up to five minutes: a first start migrates and seeds, and a shared machine may be slow.
  for (let attempt = 0; attempt < 1200; attempt++) {
    try {
      if ((workers <= 1 || serving >= workers) && (await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The server did not become healthy.');
}

async function runApi(tokens: string[]) {
  const mpesa = await mpesaMethod(tokens[0] ?? '');
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const latencies: number[] = [];
  const warmup: number[] = [];
  let failures = 0;
  // The warm-up's withdrawals are sent as the others are but not counted: V8 compiles the path and
  // each of the pool's connections prepares its statements. The counters start when it ends.
  let measuredFrom = Number.POSITIVE_INFINITY;
  let deadline = Number.POSITIVE_INFINITY;
  let cpuBefore = 0;
  let databaseBefore = new Map<number, number>();
  let countersBefore: TableCounters = new Map();
  let clientCpuBefore = process.cpuUsage();
  const startMeasuring = () => {
    cpuBefore = serverCpuSeconds();
    databaseBefore = meters.cpuSeconds();
    countersBefore = meters.tableCounters();
    clientCpuBefore = process.cpuUsage();
    measuredFrom = performance.now();
    deadline = measuredFrom + seconds * 1000;
  };
  if (warmupSeconds > 0) setTimeout(startMeasuring, warmupSeconds * 1000);
  else startMeasuring();
  await Promise.all(
    tokens.map(async (token) => {
      const sender = withdrawalSender(mpesa, agent);
      while (performance.now() < deadline) {
        const started = performance.now();
        const status = await sender.send(token);
        const counted = started >= measuredFrom;
        if (status !== 200) failures++;
        else (counted ? latencies : warmup).push(performance.now() - started);
      }
      sender.close();
    }),
  );
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const cpuSeconds = serverCpuSeconds() - cpuBefore;
  const databaseSeconds = meters.cpuSince(databaseBefore);
  const counters = meters.countersPer(countersBefore, Math.max(1, latencies.length));
  latencies.sort((a, b) => a - b);
  warmup.sort((a, b) => a - b);
  const perWithdrawal = (ms: number) => (latencies.length ? ms / latencies.length : 0);
  return {
    counters,
    cpuMsPerWithdrawal: perWithdrawal(cpuSeconds * 1000),
    databaseCpuMsPerWithdrawal: perWithdrawal(databaseSeconds * 1000),
    clientCpuMsPerWithdrawal: perWithdrawal((clientCpu.user + clientCpu.system) / 1000),
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
    warmup: { count: warmup.length, p50: percentile(warmup, 50), p99: percentile(warmup, 99) },
  };
}

function runPgbench() {
  const url = psql.databaseUrl(tpcbDb);
  execFileSync('pgbench', ['-i', '-q', '-s', '10', url], { stdio: 'ignore' });
  const output = execFileSync(
    'pgbench',
    ['-c', String(clients), '-j', '2', '-T', String(seconds), '-M', 'prepared', '-r', url],
    {
      encoding: 'utf8',
    },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? 0);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(output)?.[1] ?? 0);
  return { tps, latency };
}

try {
  await waitForHealth();
  const tokens = await Promise.all(Array.from({ length: clients }, (_, index) => fundedPlayer(index)));
  if (payoutsLater) psql.run(payoutsLaterSql, appDb);
  const viaApi = await runApi(tokens);
  const drained = payoutsLater
    ? await drainPayouts(drainCount, drainWarmup, {
        psql,
        database: appDb,
        meters,
        serverCpuSeconds,
        ...(daraja && {
          darajaCpuSeconds: () => daraja.cpuSeconds() + darajaMeters.cpuSince(new Map()),
        }),
      })
    : undefined;
  // Whether the payouts kept up: each withdrawal's B2C job and its callback run in the server.
  const payouts = psql.run(
    `select count(*) filter (where status = 'COMPLETED') || ' of ' || count(*) from payment_intents where type = 'WITHDRAWAL'`,
    appDb,
  );
  // Stopped before pgbench runs, so the two measurements do not share the machine.
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await stopped;
  await daraja?.stop();
  const tpcb = runPgbench();
  const darajaWhere = daraja ? 'its own process' : 'the server';
  console.log(
    `ledger bench: ${clients} concurrent clients, ${seconds} s each, ${workers} server process(es), PostgreSQL ${psql.run('show server_version')}, Daraja's sandbox in ${darajaWhere}`,
  );
  console.log(
    `  API withdrawals (reserve, intent, payout jobs and key: one statement): ${viaApi.perSecond.toFixed(0)}/s, p50 ${viaApi.p50.toFixed(1)} ms, p99 ${viaApi.p99.toFixed(1)} ms, ${viaApi.failures} refused`,
  );
  console.log(
    `  warm-up, not counted: ${warmupSeconds} s, ${viaApi.warmup.count} withdrawals, p50 ${viaApi.warmup.p50.toFixed(1)} ms, p99 ${viaApi.warmup.p99.toFixed(1)} ms`,
  );
  console.log(
    `  server CPU per withdrawal: ${viaApi.cpuMsPerWithdrawal.toFixed(2)} ms (its payout jobs included), PostgreSQL's ${viaApi.databaseCpuMsPerWithdrawal.toFixed(2)} ms, the bench's clients' (${clientKind}) ${viaApi.clientCpuMsPerWithdrawal.toFixed(2)} ms; payouts completed by the end: ${payouts}`,
  );
  const times = (payout: number, withdrawal: number) => (withdrawal > 0 ? payout / withdrawal : 0);
  const payoutX = drained && {
    cpu: times(drained.cpuMs, viaApi.cpuMsPerWithdrawal),
    pg: times(drained.databaseCpuMs, viaApi.databaseCpuMsPerWithdrawal),
  };
  if (drained && payoutX)
    console.log(
      `  then ${drained.warmup} of their payouts sent to warm their path, not counted, and ${drained.done} more made due at once, alone: ${drained.elapsed.toFixed(1)} s, ${drained.perSecond.toFixed(0)}/s; server CPU per payout ${drained.cpuMs.toFixed(2)} ms (${payoutX.cpu.toFixed(1)} withdrawals'), PostgreSQL's ${drained.databaseCpuMs.toFixed(2)} ms (${payoutX.pg.toFixed(1)} withdrawals')${drained.darajaCpuMs === undefined ? '' : `; Daraja's sandbox, its process and database, ${drained.darajaCpuMs.toFixed(2)} ms`}`,
    );
  if (drained)
    console.log(
      `  PostgreSQL per payout drained (the bench's own look at the drained intents included):\n${drained.counters}`,
    );
  console.log(
    `  PostgreSQL per withdrawal (rows inserted, updated, of which HOT, deleted; sequential and index scans; commits as ins, rollbacks as upd):\n${viaApi.counters}`,
  );
  console.log(`  pgbench TPC-B: ${tpcb.tps.toFixed(0)} tps, average latency ${tpcb.latency.toFixed(1)} ms`);
  console.log(`  ratio API / TPC-B: ${(viaApi.perSecond / tpcb.tps).toFixed(2)}`);
  const ratio = viaApi.perSecond / tpcb.tps;
  const held = (met: boolean) => (met ? 'met' : 'not met');
  console.log(
    `  goal (in one run): ratio ≥ ${GOAL.ratio}, ${held(ratio >= GOAL.ratio)}; p99 ≤ ${GOAL.p99Ms} ms, ${held(viaApi.p99 <= GOAL.p99Ms)}`,
  );
  const drainFigures =
    drained && payoutX
      ? ` payout_cpu_ms=${drained.cpuMs.toFixed(2)} payout_pg_cpu_ms=${drained.databaseCpuMs.toFixed(2)} payout_x_cpu=${payoutX.cpu.toFixed(1)} payout_x_pg=${payoutX.pg.toFixed(1)} payouts_per_s=${drained.perSecond.toFixed(0)} drain_warmup=${drained.warmup}${drained.darajaCpuMs === undefined ? '' : ` daraja_cpu_ms=${drained.darajaCpuMs.toFixed(2)}`}`
      : '';
  console.log(
    `ledger: ratio=${ratio.toFixed(2)} p99_ms=${viaApi.p99.toFixed(1)} withdrawals_per_s=${viaApi.perSecond.toFixed(0)} tpcb_tps=${tpcb.tps.toFixed(0)} cpu_ms=${viaApi.cpuMsPerWithdrawal.toFixed(2)} pg_cpu_ms=${viaApi.databaseCpuMsPerWithdrawal.toFixed(2)} client_cpu_ms=${viaApi.clientCpuMsPerWithdrawal.toFixed(2)} client=${clientKind} workers=${workers} payouts=${payoutsLater ? 'later' : 'due'}${drainFigures} daraja=${daraja ? 'process' : 'in-process'} warmup_s=${warmupSeconds} load=${loadavg()[0]?.toFixed(1)}`,
  );
} finally {
  if (server.exitCode === null && !server.killed) server.kill('SIGTERM');
  await daraja?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  for (const name of [appDb, tpcbDb, darajaDb]) psql.run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
