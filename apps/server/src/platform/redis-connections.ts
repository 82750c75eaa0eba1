import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** While a Redis connection keeps failing, its errors are logged this often at most. */
export const REDIS_ERROR_LOG_INTERVAL_MS = 60_000;

/**
 * `report` for the first of a run of events, then at most once per `intervalMs`, told how many
 * happened since it last reported: a dependency down for an hour logs sixty lines, not one a request.
 */
export function reportOncePer<T>(
  intervalMs: number,
  report: (latest: T, count: number) => void,
  now: () => number = Date.now,
) {
  let reportedAt = Number.NEGATIVE_INFINITY;
  let count = 0;
  return (event: T) => {
    count += 1;
    if (now() - reportedAt < intervalMs) return;
    reportedAt = now();
    report(event, count);
    count = 0;
  };
}

/**
 * Logs a connection's errors at warn, once a minute while they go on: ioredis reports every failed
 * reconnect (every 2 s while Redis is down), and without a listener prints each to stderr, outside
 * the JSON logs.
 */
export function logRedisErrors(redis: Redis, log: Pick<FastifyBaseLogger, 'warn'>, message: string) {
  redis.on(
    'error',
    reportOncePer(REDIS_ERROR_LOG_INTERVAL_MS, (err: unknown, errors: number) =>
      log.warn({ err, errors }, message),
    ),
  );
}

/**
 * Whether `redis` has failed since it last answered and has not connected again. A caller that
 * needs an answer now skips it at once instead of queueing a command until a reconnect gives up.
 */
export function watchReachability(redis: Redis): () => boolean {
  let hasFailed = false;
  redis.on('error', () => {
    hasFailed = true;
  });
  redis.on('ready', () => {
    hasFailed = false;
  });
  return () => hasFailed && redis.status !== 'ready';
}

/**
 * Quits after the replies in flight when connected, drops the connection otherwise: QUIT waits behind
 * any command queued for a reconnect (a SUBSCRIBE waits for ever), so closing would hang while
 * Redis is down.
 */
export async function closeRedis(redis: Redis) {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
