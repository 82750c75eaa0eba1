import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import {
  logRedisErrors,
  REDIS_ERROR_LOG_INTERVAL_MS,
  reportOncePer,
  watchReachability,
} from '../../platform/redis-connections.ts';
import { DEFAULT_REDIS_NAMESPACE } from '../../platform/redis-namespace.ts';

/**
 * Sessions that ended (sign-out, a password reset or change) while access tokens minted for them
 * may still be unexpired. An id is kept only as long as such a token can live, so the list stays
 * short: a few entries per sign-out in the last `keepMs`.
 */
export interface RevokedSessions {
  revoke(sessionId: string): Promise<void>;
  isRevoked(sessionId: string): Promise<boolean>;
  /** Resolves once checks are answered from memory (at once without Redis). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** One instance: a map from session id to when its last token has expired anyway. */
function createLocalRevokedSessions(keepMs: number) {
  const until = new Map<string, number>();
  let nextSweep = 0;
  return {
    add(sessionId: string) {
      const now = Date.now();
      // Expired ids leave at most once a second: a burst of revocations (a list read at start-up)
      // stays linear.
      if (now >= nextSweep) {
        for (const [id, end] of until) if (end <= now) until.delete(id);
        nextSweep = now + 1000;
      }
      until.set(sessionId, now + keepMs);
    },
    has(sessionId: string) {
      const end = until.get(sessionId);
      return end !== undefined && end > Date.now();
    },
  };
}

/** A namespace as a SCAN pattern matching itself only (it may hold `*`, `?` or `[`). */
const asGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

/** How long a revocation waits for its own announcement before answering anyway. */
const ECHO_WAIT_MS = 1000;

/**
 * Every instance keeps the whole list in memory, so a request asks nothing (ADR 0042): a
 * revocation is stored in Redis (for instances that start or reconnect later) and published; each
 * instance subscribes, then reads the stored list, and from then on answers from its map. While its
 * subscription is down (start-up, a lost connection) it asks Redis per request as before. If Redis
 * cannot answer, a token is let through and the failure logged: a revoked token then lives out its
 * access-token lifetime, rather than every player being signed out while Redis is away (ADR 0019).
 */
function createRedisRevokedSessions(
  url: string,
  keepMs: number,
  log: FastifyBaseLogger,
  namespace: string,
): RevokedSessions {
  const prefix = `${namespace}revoked-session:`;
  const key = (sessionId: string) => `${prefix}${sessionId}`;
  /** Where a revocation is announced to every instance, the revoking one included. */
  const channel = `${namespace}revoked-sessions`;
  const local = createLocalRevokedSessions(keepMs);
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  const subscriber = new Redis(url, { lazyConnect: false, connectTimeout: 2000 });
  /** The map holds every revocation: subscribed, and the stored list read since. */
  let isComplete = false;
  /** Subscribed to the channel: this instance's own announcements come back to it. */
  let isSubscribed = false;
  let becameComplete: () => void = () => {};
  const firstComplete = new Promise<void>((resolve) => {
    becameComplete = resolve;
  });
  logRedisErrors(redis, log, 'redis revoked-sessions connection error');
  logRedisErrors(subscriber, log, 'redis revoked-sessions subscriber error');
  // While Redis is down, every signed-in request would wait seconds for a reconnect, then log this.
  const isDown = watchReachability(redis);
  const checkFailed = reportOncePer(REDIS_ERROR_LOG_INTERVAL_MS, (err: unknown, failed: number) =>
    log.error({ err, failed }, 'revoked-sessions check failed; token accepted'),
  );
  /** Revocations this instance announced, waiting for their own message to come back. */
  const echoes = new Map<string, () => void>();
  subscriber.on('message', (_channel: string, sessionId: string) => {
    local.add(sessionId);
    // After the other sockets' reads of this poll: see `revoke`.
    const echoed = echoes.get(sessionId);
    if (echoed) setImmediate(echoed);
  });
  subscriber.on('close', () => {
    isComplete = false;
    isSubscribed = false;
  });
  subscriber.on('ready', () => {
    catchUp().catch((err: unknown) =>
      log.warn({ err }, 'revoked sessions not read; asking Redis per request'),
    );
  });

  async function catchUp() {
    // Subscribed first: a revocation stored after the list was read still arrives as a message.
    await subscriber.subscribe(channel);
    isSubscribed = subscriber.status === 'ready';
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${asGlob(prefix)}*`, 'COUNT', 1000);
      for (const stored of keys) local.add(stored.slice(prefix.length));
      cursor = next;
    } while (cursor !== '0');
    isComplete = subscriber.status === 'ready';
    if (isComplete) becameComplete();
  }

  return {
    async revoke(sessionId) {
      local.add(sessionId);
      // Answered once this instance heard its own announcement: Redis wrote it to every
      // subscriber in the same pass, so every listening instance holds it before the player can
      // send another request (bounded, should the subscription drop meanwhile).
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<void>((resolve) => {
        echoes.set(sessionId, resolve);
        timer = setTimeout(resolve, ECHO_WAIT_MS);
      });
      try {
        await redis.set(key(sessionId), '1', 'PX', keepMs);
        await redis.publish(channel, sessionId);
        // Subscribed is enough (the stored list need not be read yet): the echo still comes back
        // after every other subscriber was written to.
        if (isSubscribed) await heard;
      } catch (err) {
        log.error({ err, sessionId }, 'revoked session not shared with other instances');
      } finally {
        clearTimeout(timer);
        echoes.delete(sessionId);
      }
    },
    async isRevoked(sessionId) {
      if (local.has(sessionId)) return true;
      if (isComplete) return false;
      if (isDown()) {
        checkFailed(new Error(`redis is ${redis.status}`));
        return false;
      }
      try {
        return (await redis.exists(key(sessionId))) === 1;
      } catch (err) {
        checkFailed(err);
        return false;
      }
    },
    ready: () => firstComplete,
    async close() {
      await Promise.all([redis.quit().catch(() => {}), subscriber.quit().catch(() => {})]);
    },
  };
}

export function createRevokedSessions(
  redisUrl: string | undefined,
  keepMs: number,
  log: FastifyBaseLogger,
  namespace = DEFAULT_REDIS_NAMESPACE,
): RevokedSessions {
  if (redisUrl) return createRedisRevokedSessions(redisUrl, keepMs, log, namespace);
  const local = createLocalRevokedSessions(keepMs);
  return {
    revoke: async (sessionId) => local.add(sessionId),
    isRevoked: async (sessionId) => local.has(sessionId),
    ready: async () => {},
    close: async () => {},
  };
}

const unitMs = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** ACCESS_TOKEN_TTL ('15m') in milliseconds; the config schema guarantees the shape. */
export function durationMs(ttl: string): number {
  const match = /^(\d+)([smhd])$/.exec(ttl);
  if (!match) throw new Error(`not a duration: ${ttl}`);
  return Number(match[1]) * unitMs[match[2] as keyof typeof unitMs];
}
