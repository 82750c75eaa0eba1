import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { type Count, type ExpiringCounters, redisCounters } from './expiring-counters.ts';
import { type LimitName, limitStoreErrors } from './metrics-limits.ts';
import {
  closeRedis,
  logRedisErrors,
  REDIS_ERROR_LOG_INTERVAL_MS,
  reportOncePer,
  watchReachability,
} from './redis-connections.ts';

/** A limit's Redis, seen by the limit: whether to skip asking it, and what to do when it failed. */
export interface LimitStore {
  isDown(): boolean;
  /** One check skipped: counted in playon_limit_store_errors_total, logged once a minute. */
  skipped(err?: unknown): void;
}

/**
 * A limit fails open while its Redis does not answer (ADR 0057): the request goes through, as the
 * ledger, idempotency keys and database constraints keep money right without it. Each skip is
 * counted; a warning says so once a minute, not once a request.
 */
export function watchLimitStore(
  redis: Redis,
  limit: LimitName,
  log: Pick<FastifyBaseLogger, 'warn'>,
): LimitStore {
  const warn = reportOncePer(REDIS_ERROR_LOG_INTERVAL_MS, (err: unknown, skipped: number) =>
    log.warn({ err, limit, skipped }, 'limit not checked: its Redis did not answer'),
  );
  return {
    isDown: watchReachability(redis),
    skipped(err) {
      limitStoreErrors.inc({ limit });
      warn(err ?? new Error(`redis is ${redis.status}`));
    },
  };
}

const NOTHING_COUNTED: Count = { count: 0, expiresInMs: 0 };

/** `counters` that answer "nothing counted" while `store` is down: a limit reading them admits. */
export function failingOpen(counters: ExpiringCounters, store: LimitStore): ExpiringCounters {
  async function attempt<T>(use: () => Promise<T>, fallback: T): Promise<T> {
    if (store.isDown()) {
      store.skipped();
      return fallback;
    }
    try {
      return await use();
    } catch (err) {
      store.skipped(err);
      return fallback;
    }
  }
  return {
    read: (key) => attempt(() => counters.read(key), NOTHING_COUNTED),
    add: (key, windowMs) => attempt(() => counters.add(key, windowMs), NOTHING_COUNTED),
    giveBack: (key) => attempt(() => counters.giveBack(key), undefined),
  };
}

/**
 * Expiring counters in Redis for `limit`, failing open. A command waits 2 s at most, so a Redis that
 * stopped answering without closing the connection holds a request back no longer than that.
 */
export function openLimitCounters(
  url: string,
  namespace: string,
  limit: LimitName,
  log: Pick<FastifyBaseLogger, 'warn'>,
) {
  const redis = new Redis(url, { connectTimeout: 2000, commandTimeout: 2000, maxRetriesPerRequest: 1 });
  logRedisErrors(redis, log, `redis for the ${limit} limits unreachable`);
  return {
    counters: failingOpen(redisCounters(redis, namespace), watchLimitStore(redis, limit, log)),
    close: () => closeRedis(redis),
  };
}
