import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { type Config, ConfigError } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';
import { serveClusterMetrics } from './platform/metrics-cluster.ts';

/**
 * Cluster mode (ADR 0028): `WEB_CONCURRENCY` server processes on one machine, so it serves with all
 * its cores. Everything the processes share already lives in PostgreSQL (the ledger, durable jobs
 * claimed with FOR UPDATE SKIP LOCKED, idempotency keys) and Redis (the bus, presence, rate limits).
 */

/** How many server processes `WEB_CONCURRENCY` asks for: a number, or `auto` (one a core); 1 unless set. */
export function workerCount(value: string | undefined, cores = availableParallelism()): number {
  const given = value?.trim() ?? '';
  if (given === '') return 1;
  if (given.toLowerCase() === 'auto') return Math.max(1, cores);
  if (!/^\d+$/.test(given) || Number(given) < 1 || Number(given) > 64)
    throw new ConfigError('WEB_CONCURRENCY must be a number of server processes from 1 to 64, or auto.');
  return Number(given);
}

/** Why these settings cannot run `workers` processes; undefined when they can. */
export function clusterRefusal(config: Pick<Config, 'database' | 'redisUrl'>, workers: number) {
  if (workers <= 1) return undefined;
  if (config.database.kind === 'pglite')
    return `WEB_CONCURRENCY=${workers} needs DATABASE_URL (PostgreSQL): the embedded database serves one process. Set WEB_CONCURRENCY=1 or give DATABASE_URL.`;
  if (!config.redisUrl)
    return `WEB_CONCURRENCY=${workers} needs REDIS_URL: chat, presence and the rate limits are shared between processes through Redis. Set WEB_CONCURRENCY=1 or give REDIS_URL.`;
  return undefined;
}

/** A worker that dies this soon after starting is not replaced in a loop: the primary stops instead. */
export const CRASH_LOOP_MS = 5_000;

/**
 * In the primary of a cluster: migrates once, forks `workers` processes running main.ts (the first
 * alone until it serves), says when each serves (`worker <pid> serving.`), replaces a
 * worker that dies, and on SIGTERM or SIGINT passes the signal on and exits once every worker has.
 * Never resolves (the primary ends with process.exit). `config` is parsed and its laptop secrets
 * written before forking, so the workers read the same secrets instead of each generating its own.
 */
export async function runPrimary(
  config: Config,
  workers: number,
  fail: (message: string) => never,
): Promise<never> {
  const say = (message: string) => process.stderr.write(`PlayOn cluster: ${message}\n`);
  try {
    // Migrations once, here, before any worker starts (each worker then finds nothing to apply).
    const database = await openDatabase(config.database);
    await database.close();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }

  let stopping = false;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    return worker;
  };
  const living = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);

  cluster.on('listening', (worker) => say(`worker ${worker.process.pid} serving.`));
  serveClusterMetrics();
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (living().length === 0) process.exit(0);
      return;
    }
    if (lived < CRASH_LOOP_MS) {
      say(`worker ${worker.process.pid} stopped ${lived} ms after starting (${signal ?? code}); stopping.`);
      stopping = true;
      for (const w of living()) w.process.kill('SIGTERM');
      if (living().length === 0) process.exit(1);
      return;
    }
    say(`worker ${worker.process.pid} stopped (${signal ?? code}); starting another.`);
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // Each worker closes gracefully (main.ts); the primary waits for all of them.
    for (const worker of living()) worker.process.kill(signal);
    if (living().length === 0) process.exit(0);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // One worker first, the others once it serves: on a fresh database the first one seeds the demo
  // content alone instead of every worker racing to insert the same rows.
  fork().once('listening', () => {
    for (let i = 1; i < workers && !stopping; i++) fork();
  });
  say(`${workers} server processes on port ${config.port}.`);
  return new Promise<never>(() => {});
}

/**
 * Where main.ts starts: in a cluster's primary this supervises the workers and never returns; in a
 * worker, or without cluster mode, it returns at once and main.ts goes on to serve.
 */
export async function clusterHook(
  config: Config,
  notes: string[],
  fail: (message: string) => never,
): Promise<void> {
  if (cluster.isWorker) return;
  let workers: number;
  try {
    workers = workerCount(process.env.WEB_CONCURRENCY);
  } catch (error) {
    fail((error as Error).message);
  }
  if (workers <= 1) return;
  const refusal = clusterRefusal(config, workers);
  if (refusal) fail(refusal);
  // The workers find the secrets the primary wrote and have nothing to say about them: say it here.
  for (const note of notes) process.stderr.write(`PlayOn: ${note}\n`);
  await runPrimary(config, workers, fail);
}
