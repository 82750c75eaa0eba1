import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { watchLimitStore } from '../../platform/limit-store.ts';
import { closeRedis, logRedisErrors } from '../../platform/redis-connections.ts';
import { DEFAULT_REDIS_NAMESPACE } from '../../platform/redis-namespace.ts';

/** A player may send this many messages in any window of this length. */
export const CHAT_FLOOD_LIMIT = { max: 10, windowMs: 10_000 };

/**
 * Keyed by the player, not the address: players on one mobile network share few addresses, and
 * one player on two devices is still one player. A sliding window, so a burst cannot straddle two.
 */
export interface FloodLimit {
  /** Counts one message; false when the player already sent `max` in the last `windowMs`. */
  take(uid: string): Promise<boolean>;
  close(): Promise<void>;
}

export function createLocalFloodLimit({ max, windowMs } = CHAT_FLOOD_LIMIT): FloodLimit {
  const sent = new Map<string, number[]>();
  // Players who stopped sending would otherwise stay in the map for good.
  const sweep = setInterval(() => {
    const since = Date.now() - windowMs;
    for (const [uid, times] of sent) if ((times.at(-1) ?? 0) <= since) sent.delete(uid);
  }, windowMs);
  sweep.unref();
  return {
    async take(uid) {
      const now = Date.now();
      const recent = (sent.get(uid) ?? []).filter((at) => at > now - windowMs);
      const allowed = recent.length < max;
      if (allowed) recent.push(now);
      sent.set(uid, recent);
      return allowed;
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

// One sorted set of send times per player, trimmed, counted and added to in one atomic step.
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1] - ARGV[2])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/**
 * Shared by every instance, so a player cannot spread a flood over them. While its Redis does not
 * answer, every message is let through (ADR 0057).
 */
export function createRedisFloodLimit(
  url: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
  namespace = DEFAULT_REDIS_NAMESPACE,
  { max, windowMs } = CHAT_FLOOD_LIMIT,
): FloodLimit {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  logRedisErrors(redis, log, 'redis chat flood limit connection error');
  const store = watchLimitStore(redis, 'chat', log);
  return {
    async take(uid) {
      if (store.isDown()) {
        store.skipped();
        return true;
      }
      try {
        const allowed = await redis.eval(
          TAKE,
          1,
          `${namespace}chat-flood:${uid}`,
          Date.now(),
          windowMs,
          max,
          randomUUID(),
        );
        return allowed === 1;
      } catch (err) {
        store.skipped(err);
        return true;
      }
    },
    async close() {
      await closeRedis(redis);
    },
  };
}

export function createFloodLimit(
  redisUrl: string | undefined,
  log: Pick<FastifyBaseLogger, 'warn'>,
  namespace = DEFAULT_REDIS_NAMESPACE,
  limit = CHAT_FLOOD_LIMIT,
): FloodLimit {
  return redisUrl ? createRedisFloodLimit(redisUrl, log, namespace, limit) : createLocalFloodLimit(limit);
}
