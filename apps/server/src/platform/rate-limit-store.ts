import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { ExpiringCounters } from './expiring-counters.ts';

/** What @fastify/rate-limit hands `child`: a route's limit, with the route it is on. */
interface RouteLimit {
  routeInfo?: { method?: string | string[]; url?: string };
}

class CountersStore implements FastifyRateLimitStore {
  readonly #counters: ExpiringCounters;
  readonly #prefix: string;

  constructor(counters: ExpiringCounters, prefix: string) {
    this.#counters = counters;
    this.#prefix = prefix;
  }

  incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number) {
    this.#counters.add(`${this.#prefix}${key}`, timeWindow).then(
      ({ count, expiresInMs }) => callback(null, { current: count, ttl: expiresInMs }),
      (err: Error) => callback(err),
    );
  }

  child(options: unknown) {
    const route = (options as RouteLimit).routeInfo;
    return new CountersStore(this.#counters, `${this.#prefix}${route?.method ?? ''}${route?.url ?? ''}-`);
  }
}

/**
 * @fastify/rate-limit's store on expiring counters (limit-store.ts, which fail open): the plugin's
 * own Redis store answers every limited request with a 500 while Redis is down, and with
 * `skipOnError` lets them through without a word (ADR 0057). A window starts with its first request
 * and later ones do not extend it, as in the plugin's store; keys name the route and the key, as its do.
 */
export function countersRateLimitStore(counters: ExpiringCounters): FastifyRateLimitStoreCtor {
  return class extends CountersStore {
    constructor() {
      super(counters, '');
    }
  };
}
