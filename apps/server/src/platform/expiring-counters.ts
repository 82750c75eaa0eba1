import type { Redis } from 'ioredis';

/** A counter's value and how long until it expires (0 when it does not exist). */
export interface Count {
  count: number;
  expiresInMs: number;
}

/**
 * Counters that expire by themselves a window after their first count: in Redis when there is one,
 * so every instance counts together, in this process otherwise. Keys are prefixed with `namespace`.
 */
export interface ExpiringCounters {
  read(key: string): Promise<Count>;
  /** Counts one more; the window starts with the first count and later counts do not extend it. */
  add(key: string, windowMs: number): Promise<Count>;
  /** Takes back one `add` that turned out not to count (a reservation given back). */
  giveBack(key: string): Promise<void>;
}

// PEXPIRE again when a key has no expiry: a counter must never outlive its window.
const ADD = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

// DECR of an expired key would create one without expiry, at -1.
const GIVE_BACK = `
if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then
  redis.call('DECR', KEYS[1])
end
return 0`;

export function redisCounters(redis: Redis, namespace: string): ExpiringCounters {
  return {
    async read(key) {
      const [[, value], [, ttl]] = (await redis
        .multi()
        .get(`${namespace}${key}`)
        .pttl(`${namespace}${key}`)
        .exec()) as [[unknown, string | null], [unknown, number]];
      return value === null
        ? { count: 0, expiresInMs: 0 }
        : { count: Number(value), expiresInMs: Math.max(ttl, 0) };
    },
    async add(key, windowMs) {
      const [count, ttl] = (await redis.eval(ADD, 1, `${namespace}${key}`, windowMs)) as [number, number];
      return { count, expiresInMs: ttl };
    },
    async giveBack(key) {
      await redis.eval(GIVE_BACK, 1, `${namespace}${key}`);
    },
  };
}

/** Expired counters are swept when the map doubles, so a flood of new keys cannot grow it for ever. */
const FIRST_SWEEP_AT = 10_000;

export function memoryCounters(now: () => number = Date.now): ExpiringCounters {
  const counters = new Map<string, { count: number; expiresAt: number }>();
  let sweepAt = FIRST_SWEEP_AT;
  const live = (key: string) => {
    const counter = counters.get(key);
    if (counter && counter.expiresAt <= now()) counters.delete(key);
    return counters.get(key);
  };
  const sweep = () => {
    for (const [key, counter] of counters) if (counter.expiresAt <= now()) counters.delete(key);
    sweepAt = Math.max(FIRST_SWEEP_AT, counters.size * 2);
  };
  return {
    async read(key) {
      const counter = live(key);
      return counter
        ? { count: counter.count, expiresInMs: counter.expiresAt - now() }
        : { count: 0, expiresInMs: 0 };
    },
    async add(key, windowMs) {
      if (counters.size >= sweepAt) sweep();
      const counter = live(key) ?? { count: 0, expiresAt: now() + windowMs };
      counter.count += 1;
      counters.set(key, counter);
      return { count: counter.count, expiresInMs: counter.expiresAt - now() };
    },
    async giveBack(key) {
      const counter = live(key);
      if (counter && counter.count > 0) counter.count -= 1;
    },
  };
}
