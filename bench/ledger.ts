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
// table), to split the request's cost from the payout jobs'; then BENCH_DRAIN (2000 unless set) of
// those payouts are made due at once and sent with nothing else running, for a payout's own cost.
// The clients write their requests on kept-alive sockets of their own and read the answers' status
// (bench/support/raw-http.ts, as wrk's or pgbench's clients do); BENCH_CLIENT=http sends them with
// node:http's client instead, and BENCH_CLIENT=fetch with fetch (undici). The summary's client_cpu_ms
// is what the bench's own clients cost per withdrawal.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { rawHttpClient } from './support/raw-http.ts';

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
/**
 * How the clients send: `raw` (the default since 2026-11-28) writes each request's bytes on a socket
 * of the client's own; `http` through node:http's client (2026-11-27); `fetch` through undici (before).
 */
const clientKind = (['fetch', 'http'] as const).find((kind) => kind === process.env.BENCH_CLIENT) ?? 'raw';
const admin = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const port = 3391;
const baseUrl = `http://localhost:${port}`;
const appDb = 'playon_bench_ledger';
const tpcbDb = 'playon_bench_tpcb';
const dataDir = mkdtempSync(join(tmpdir(), 'playon-bench-'));

const psql = (sql: string, database?: string) =>
  execFileSync('psql', [database ? databaseUrl(database) : admin, '-qtAc', sql], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
const databaseUrl = (name: string) => {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

for (const name of [appDb, tpcbDb]) {
  psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  psql(`CREATE DATABASE ${name}`);
}

const profiling = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
const server = spawn(process.execPath, [...profiling, 'apps/server/src/main.ts'], {
  env: {
    ...process.env,
    WEB_CONCURRENCY: String(workers),
    ...(workers > 1 ? { REDIS_URL: redisUrl } : {}),
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl(appDb),
    LOG_LEVEL: 'warn',
    // Every client is signed up from this one address within seconds: more than a NAT address's night.
    SIGN_UPS_PER_ADDRESS_PER_MINUTE: '100000',
    RATE_LIMIT_PAYMENTS_PER_MINUTE: '10000000',
    PAYMENT_PROMPTS_PER_PHONE_PER_HOUR: '100000',
    // Top-ups settle at once, so funding is quick. The payout jobs run in the same process during the
    // run (the B2C request to the in-process sandbox, then its callback), as far as the job worker
    // keeps up: the bench prints how many completed, and its CPU figure includes them.
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

/** CPU seconds (user + system) process `pid` has used so far, with its children's if asked (Linux /proc). */
function cpuSecondsOf(pid: number, withChildren = false): number {
  const ticksPerSecond = 100;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
    if (!withChildren) return own;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(' ')
      .filter(Boolean);
    return own + children.reduce((sum, child) => sum + cpuSecondsOf(Number(child), true), 0);
  } catch {
    return 0;
  }
}

/** CPU seconds of the server and its cluster workers so far. */
const serverCpuSeconds = () => (server.pid ? cpuSecondsOf(server.pid, true) : 0);

/** CPU seconds so far of each PostgreSQL backend serving the bench's database (PostgreSQL on this machine). */
function databaseCpuSeconds(): Map<number, number> {
  const pids = psql(`select pid from pg_stat_activity where datname = '${appDb}'`)
    .toString()
    .trim()
    .split('\n')
    .filter(Boolean)
    .map(Number);
  return new Map(pids.map((pid) => [pid, cpuSecondsOf(pid)]));
}

/** What PostgreSQL's backends for the bench's database used since `before` (new backends count whole). */
function databaseCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of databaseCpuSeconds()) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** Per-table counters of the bench's database (pg_stat_user_tables), and its commits. */
type TableCounters = Map<string, number[]>;
const counterNames = ['ins', 'upd', 'hot', 'del', 'seq', 'idx'] as const;
function tableCounters(): TableCounters {
  const rows = psql(
    `select relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del, seq_scan, coalesce(idx_scan, 0)
     from pg_stat_user_tables
     union all select '(commits)', xact_commit, xact_rollback, 0, 0, 0, 0 from pg_stat_database where datname = current_database()`,
    appDb,
  )
    .toString()
    .trim()
    .split('\n');
  return new Map(
    rows.map((row) => row.split('|')).map(([name = '', ...counts]) => [name, counts.map(Number)]),
  );
}

/**
 * What each withdrawal cost PostgreSQL in rows and scans, per table (counters since `before`, over
 * `count`): where its CPU goes, the request's statements and the payout jobs' together. Backends
 * report their counters about once a second, so the edges of the run blur by that much.
 */
function countersPerWithdrawal(before: TableCounters, count: number): string {
  const lines: string[] = [];
  for (const [name, after] of tableCounters()) {
    const was = before.get(name) ?? [];
    const delta = after.map((value, index) => (value - (was[index] ?? 0)) / count);
    if (delta.every((value) => value < 0.005)) continue;
    const figures = counterNames.map((label, index) => `${label} ${(delta[index] ?? 0).toFixed(2)}`);
    lines.push(`    ${name.padEnd(28)} ${figures.join('  ')}`);
  }
  return lines.join('\n');
}

async function api(path: string, init: RequestInit & { token?: string; cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.body) headers.set('content-type', 'application/json');
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.cookie) headers.set('cookie', init.cookie);
  headers.set('origin', baseUrl);
  return fetch(`${baseUrl}${path}`, { ...init, headers });
}

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

const phoneOf = (index: number) => `0712${String(index).padStart(6, '0')}`;

/** A player with a funded wallet, ready to withdraw. */
async function fundedPlayer(index: number): Promise<string> {
  const email = `bench.${index}.${randomUUID().slice(0, 6)}@example.com`;
  const signUp = await api('/api/auth/sign-up/email', {
    method: 'POST',
    body: JSON.stringify({ email, password: 'secret123', name: '' }),
  });
  const cookie = (signUp.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
  const { token } = (await (await api('/api/auth/token', { cookie })).json()) as { token: string };
  await api('/api/auth/login', { token });
  const methods = (await (await api('/api/payment-methods/list', { token })).json()) as {
    payload: Array<{ id: number; code: string }>;
  };
  const mpesa = methods.payload.find((method) => method.code === 'MPESA')?.id;
  const topUp = await api('/api/payments/top-up', {
    method: 'POST',
    token,
    headers: { 'idempotency-key': randomUUID() },
    // A phone of its own: one phone may have one M-Pesa prompt waiting at a time.
    body: JSON.stringify({ paymentMethodId: mpesa, amount: 250_000, mpesaPhoneNumber: phoneOf(index) }),
  });
  const intent = ((await topUp.json()) as { payload: { id: string } }).payload;
  for (let attempt = 0; attempt < 1200; attempt++) {
    const status = (
      (await (await api(`/api/payments/${intent.id}`, { token })).json()) as { payload: { status: string } }
    ).payload.status;
    if (status === 'COMPLETED') return token;
    if (status === 'ERROR' || status === 'CANCELLED') throw new Error(`Funding failed: ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Funding did not complete.');
}

/**
 * One client's sender of withdrawals, resolving with each answer's status: its own kept-alive socket
 * (`raw`, or node:http's agent with one socket per client, as a pgbench client holds one connection),
 * or fetch through `api`, which adds the rest.
 */
function withdrawalSender(mpesa: number | undefined, agent: Agent) {
  const body = JSON.stringify({ paymentMethodId: mpesa, amount: 10, mpesaPhoneNumber: '0712345678' });
  const raw = clientKind === 'raw' ? rawHttpClient('localhost', port) : undefined;
  const send = (token: string): Promise<number> => {
    const key = randomUUID();
    if (raw)
      return raw.send(
        `POST /api/wallets/withdraw HTTP/1.1\r\nhost: localhost:${port}\r\ncontent-type: application/json\r\n` +
          `authorization: Bearer ${token}\r\norigin: ${baseUrl}\r\nidempotency-key: ${key}\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    if (clientKind === 'fetch')
      return api('/api/wallets/withdraw', {
        method: 'POST',
        token,
        headers: { 'idempotency-key': key },
        body,
      }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      });
    const headers = {
      'idempotency-key': key,
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      origin: baseUrl,
    };
    return new Promise((resolve, reject) => {
      const sent = request(
        { agent, host: 'localhost', port, path: '/api/wallets/withdraw', method: 'POST', headers },
        (response) => {
          response.resume();
          response.once('end', () => resolve(response.statusCode ?? 0));
        },
      );
      sent.once('error', reject);
      sent.end(body);
    });
  };
  return { send, close: () => raw?.close() };
}

async function runApi(tokens: string[]) {
  const methods = (await (await api('/api/payment-methods/list', { token: tokens[0] })).json()) as {
    payload: Array<{ id: number; code: string }>;
  };
  const mpesa = methods.payload.find((method) => method.code === 'MPESA')?.id;
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
    databaseBefore = databaseCpuSeconds();
    countersBefore = tableCounters();
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
  const databaseSeconds = databaseCpuSince(databaseBefore);
  const counters = countersPerWithdrawal(countersBefore, Math.max(1, latencies.length));
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

/**
 * With BENCH_PAYOUTS=later, after the withdrawals: the oldest `count` of their payouts made due at
 * once and sent with nothing else running (the B2C request to the in-process sandbox, its callback,
 * the settlement): what one payout costs the server and PostgreSQL, and how many a second it keeps up.
 */
async function drainPayouts(count: number) {
  const cpuBefore = serverCpuSeconds();
  const databaseBefore = databaseCpuSeconds();
  const started = performance.now();
  // The drained intents are kept in a table of the bench's own, so they are asked after by id.
  const drained = Number(
    psql(
      `create table bench_drained as
         with due as (
           update jobs set run_at = now() where id in
             (select id from jobs where kind = 'payments.send-payout' order by run_at limit ${count})
           returning (payload->>'intentId')::uuid as id)
         select id from due;
       select count(*) from bench_drained`,
      appDb,
    )
      .toString()
      .trim(),
  );
  // Four times a second, each intent read by its primary key: about 11 ms of PostgreSQL's time a
  // question with 2,000 drained (pg_stat_statements). A join left to the planner, in a database too
  // young for statistics, read every intent each time: 23 ms, counted as the payouts' own.
  const completed = () =>
    Number(
      psql(
        `select count(*) from bench_drained d
           where (select status from payment_intents p where p.id = d.id) in ('COMPLETED', 'ERROR', 'CANCELLED')`,
        appDb,
      )
        .toString()
        .trim(),
    );
  let done = 0;
  while (done < drained && performance.now() - started < 300_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    done = completed();
  }
  const elapsed = (performance.now() - started) / 1000;
  const perPayout = (cpuSeconds: number) => (done ? (cpuSeconds * 1000) / done : 0);
  return {
    done,
    perSecond: done / elapsed,
    elapsed,
    cpuMs: perPayout(serverCpuSeconds() - cpuBefore),
    databaseCpuMs: perPayout(databaseCpuSince(databaseBefore)),
  };
}

function runPgbench() {
  const url = databaseUrl(tpcbDb);
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
  if (payoutsLater)
    psql(
      `create function bench_payout_later() returns trigger language plpgsql as $$
       begin new.run_at := now() + interval '1 hour'; return new; end $$;
       create trigger bench_payout_later before insert on jobs for each row
       when (new.kind = 'payments.send-payout') execute function bench_payout_later();`,
      appDb,
    );
  const viaApi = await runApi(tokens);
  const drained = payoutsLater ? await drainPayouts(drainCount) : undefined;
  // Whether the payouts kept up: each withdrawal's B2C job and its callback run in the same process.
  const payouts = psql(
    `select count(*) filter (where status = 'COMPLETED') || ' of ' || count(*) from payment_intents where type = 'WITHDRAWAL'`,
    appDb,
  )
    .toString()
    .trim();
  // Stopped before pgbench runs, so the two measurements do not share the machine.
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await stopped;
  const tpcb = runPgbench();
  console.log(
    `ledger bench: ${clients} concurrent clients, ${seconds} s each, ${workers} server process(es), PostgreSQL ${psql('show server_version').toString().trim()}`,
  );
  console.log(
    `  API withdrawals (reserve, intent, payout jobs and key: one statement): ${viaApi.perSecond.toFixed(0)}/s, p50 ${viaApi.p50.toFixed(1)} ms, p99 ${viaApi.p99.toFixed(1)} ms, ${viaApi.failures} refused`,
  );
  console.log(
    `  warm-up, not counted: ${warmupSeconds} s, ${viaApi.warmup.count} withdrawals, p50 ${viaApi.warmup.p50.toFixed(1)} ms, p99 ${viaApi.warmup.p99.toFixed(1)} ms`,
  );
  console.log(
    `  server CPU per withdrawal: ${viaApi.cpuMsPerWithdrawal.toFixed(2)} ms (its payout jobs and the in-process sandbox included), PostgreSQL's ${viaApi.databaseCpuMsPerWithdrawal.toFixed(2)} ms, the bench's clients' (${clientKind}) ${viaApi.clientCpuMsPerWithdrawal.toFixed(2)} ms; payouts completed by the end: ${payouts}`,
  );
  if (drained)
    console.log(
      `  then ${drained.done} of their payouts made due at once, alone: ${drained.elapsed.toFixed(1)} s, ${drained.perSecond.toFixed(0)}/s; server CPU per payout ${drained.cpuMs.toFixed(2)} ms (the in-process sandbox's side included), PostgreSQL's ${drained.databaseCpuMs.toFixed(2)} ms`,
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
  console.log(
    `ledger: ratio=${(viaApi.perSecond / tpcb.tps).toFixed(2)} p99_ms=${viaApi.p99.toFixed(1)} withdrawals_per_s=${viaApi.perSecond.toFixed(0)} tpcb_tps=${tpcb.tps.toFixed(0)} cpu_ms=${viaApi.cpuMsPerWithdrawal.toFixed(2)} pg_cpu_ms=${viaApi.databaseCpuMsPerWithdrawal.toFixed(2)} client_cpu_ms=${viaApi.clientCpuMsPerWithdrawal.toFixed(2)} client=${clientKind} workers=${workers} payouts=${payoutsLater ? 'later' : 'due'}${drained ? ` payout_cpu_ms=${drained.cpuMs.toFixed(2)} payout_pg_cpu_ms=${drained.databaseCpuMs.toFixed(2)} payouts_per_s=${drained.perSecond.toFixed(0)}` : ''} warmup_s=${warmupSeconds} load=${loadavg()[0]?.toFixed(1)}`,
  );
} finally {
  if (server.exitCode === null && !server.killed) server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  for (const name of [appDb, tpcbDb]) psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
