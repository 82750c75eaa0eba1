import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { logRedisErrors } from '../../platform/redis-connections.ts';
import { DEFAULT_REDIS_NAMESPACE } from '../../platform/redis-namespace.ts';

/** How often /ws pings its sockets, and presence is refreshed. */
export const HEARTBEAT_MS = 30_000;

/**
 * Who has the app open: players with at least one live /ws socket on any instance. /ws reports
 * each socket it opens and closes and calls `refresh` on every heartbeat; chat reads `onlineUids`.
 * The local bookkeeping is synchronous, so an open and a close of the same socket are written to
 * Redis in the order they happened.
 */
export interface Presence {
  connected(uid: string): Promise<void>;
  disconnected(uid: string): Promise<void>;
  /** The heartbeat: every player this instance holds a socket of is still here. */
  refresh(): Promise<void>;
  onlineUids(): Promise<string[]>;
  close(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'warn'>;

/** Open sockets per player on this instance. */
function socketCounts() {
  const counts = new Map<string, number>();
  return {
    /** Whether this was the player's first socket here. */
    add(uid: string) {
      const count = (counts.get(uid) ?? 0) + 1;
      counts.set(uid, count);
      return count === 1;
    },
    /** Whether this was the player's last socket here. */
    remove(uid: string) {
      const count = (counts.get(uid) ?? 0) - 1;
      if (count > 0) counts.set(uid, count);
      else counts.delete(uid);
      return count <= 0;
    },
    uids: () => [...counts.keys()],
  };
}

/** One instance: the sockets it holds are all there is. */
export function createLocalPresence(): Presence {
  const local = socketCounts();
  return {
    async connected(uid) {
      local.add(uid);
    },
    async disconnected(uid) {
      local.remove(uid);
    },
    async refresh() {},
    async onlineUids() {
      return local.uids();
    },
    async close() {},
  };
}

const BATCH = 1000;

/**
 * Several instances: one sorted set whose members are `uid|instance`, scored by the last time that
 * instance vouched for the player. An instance that died without saying goodbye stops refreshing
 * its entries; after two heartbeats they no longer count and the next refresh removes them.
 */
export function createRedisPresence(
  url: string,
  log: Log,
  namespace = DEFAULT_REDIS_NAMESPACE,
  heartbeatMs = HEARTBEAT_MS,
): Presence {
  const key = `${namespace}presence`;
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  logRedisErrors(redis, log, 'redis presence connection error');
  const instance = randomUUID();
  const local = socketCounts();
  const member = (uid: string) => `${uid}|${instance}`;
  let closed = false;
  const quietly = async (what: string, write: () => Promise<unknown>) => {
    if (closed) return;
    try {
      await write();
    } catch (err) {
      log.warn({ err }, `presence ${what} failed`);
    }
  };

  return {
    connected(uid) {
      const first = local.add(uid);
      return first ? quietly('connect', () => redis.zadd(key, Date.now(), member(uid))) : Promise.resolve();
    },
    disconnected(uid) {
      const last = local.remove(uid);
      return last ? quietly('disconnect', () => redis.zrem(key, member(uid))) : Promise.resolve();
    },
    refresh() {
      return quietly('refresh', async () => {
        const now = Date.now();
        const uids = local.uids();
        for (let at = 0; at < uids.length; at += BATCH) {
          const args = uids.slice(at, at + BATCH).flatMap((uid) => [now, member(uid)]);
          await redis.zadd(key, ...args);
        }
        await redis.zremrangebyscore(key, '-inf', now - 2 * heartbeatMs);
      });
    },
    async onlineUids() {
      try {
        const members = await redis.zrangebyscore(key, Date.now() - 2 * heartbeatMs, '+inf');
        return [...new Set(members.map((entry) => entry.slice(0, entry.lastIndexOf('|'))))];
      } catch (err) {
        log.warn({ err }, 'presence unreadable: counting this instance only');
        return local.uids();
      }
    },
    async close() {
      const uids = local.uids();
      if (uids.length > 0) await quietly('close', () => redis.zrem(key, ...uids.map(member)));
      closed = true;
      await redis.quit().catch(() => {});
    },
  };
}

export function createPresence(
  redisUrl: string | undefined,
  log: Log,
  namespace = DEFAULT_REDIS_NAMESPACE,
  heartbeatMs = HEARTBEAT_MS,
) {
  return redisUrl ? createRedisPresence(redisUrl, log, namespace, heartbeatMs) : createLocalPresence();
}
