import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { closeRedis, logRedisErrors } from '../redis-connections.ts';
import { DEFAULT_REDIS_NAMESPACE } from '../redis-namespace.ts';

/**
 * Messages between the parts of the server, and between instances: in-process by default, Redis
 * pub/sub when REDIS_URL is set, so a socket held by one instance hears what another published.
 * Delivery is best effort: a listener that missed a message catches up from the database.
 */
export interface Bus {
  publish(channel: string, message: unknown): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(channel: string, listener: (message: unknown) => void): () => void;
  /** Resolves when the bus answers (Redis PING); readiness asks it. Nothing to ask in-process. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function createInProcessBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, structuredClone(message));
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async ping() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export function createRedisBus(url: string, log: FastifyBaseLogger, prefix = DEFAULT_REDIS_NAMESPACE): Bus {
  // What is published during one turn of the event loop (the endings of a group of payments) goes
  // out in one write.
  const publisher = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 3,
    enableAutoPipelining: true,
  });
  const subscriber = new Redis(url, { lazyConnect: false });
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const counts = new Map<string, number>();
  for (const connection of [publisher, subscriber]) {
    logRedisErrors(connection, log, 'redis bus connection error');
  }
  subscriber.on('message', (channel: string, text: string) => {
    try {
      local.emit(channel.slice(prefix.length), JSON.parse(text));
    } catch (err) {
      log.warn({ err, channel }, 'unreadable bus message');
    }
  });
  return {
    async publish(channel, message) {
      await publisher.publish(prefix + channel, JSON.stringify(message));
    },
    subscribe(channel, listener) {
      local.on(channel, listener);
      const count = (counts.get(channel) ?? 0) + 1;
      counts.set(channel, count);
      if (count === 1) {
        subscriber
          .subscribe(prefix + channel)
          .catch((err: unknown) => log.error({ err, channel }, 'bus subscribe failed'));
      }
      return () => {
        local.off(channel, listener);
        const left = (counts.get(channel) ?? 1) - 1;
        counts.set(channel, left);
        if (left === 0) subscriber.unsubscribe(prefix + channel).catch(() => {});
      };
    },
    async ping() {
      // Not queued while disconnected: readiness wants an answer now, not after a reconnect.
      if (publisher.status !== 'ready') throw new Error(`redis is ${publisher.status}`);
      await publisher.ping();
    },
    async close() {
      local.removeAllListeners();
      await Promise.all([closeRedis(publisher), closeRedis(subscriber)]);
    },
  };
}

export function createBus(redisUrl: string | undefined, log: FastifyBaseLogger, prefix?: string): Bus {
  return redisUrl ? createRedisBus(redisUrl, log, prefix) : createInProcessBus();
}
