import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryCounters, redisCounters } from '../../src/platform/expiring-counters.ts';

describe('counters kept in this process', () => {
  it('count within a window that later counts do not extend, then expire by themselves', async () => {
    let now = 1_000_000;
    const counters = memoryCounters(() => now);
    expect(await counters.add('a', 60_000)).toEqual({ count: 1, expiresInMs: 60_000 });
    now += 59_000;
    expect(await counters.add('a', 60_000)).toEqual({ count: 2, expiresInMs: 1_000 });
    expect(await counters.read('b')).toEqual({ count: 0, expiresInMs: 0 });
    now += 1_000;
    expect(await counters.read('a')).toEqual({ count: 0, expiresInMs: 0 });
    expect(await counters.add('a', 60_000)).toEqual({ count: 1, expiresInMs: 60_000 });
  });

  it('take back a count given back, never below nothing', async () => {
    const counters = memoryCounters();
    await counters.add('a', 60_000);
    await counters.giveBack('a');
    await counters.giveBack('a');
    expect((await counters.read('a')).count).toBe(0);
    expect((await counters.add('a', 60_000)).count).toBe(1);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('counters kept in Redis, shared by every instance', () => {
  const redis = new Redis(redisUrl ?? '', { lazyConnect: true });
  const namespace = `playon-test-counters:${randomUUID()}:`;
  afterAll(() => redis.quit());

  it('count within a window and expire by themselves', async () => {
    const counters = redisCounters(redis, namespace);
    const first = await counters.add('a', 300);
    expect(first.count).toBe(1);
    expect(first.expiresInMs).toBeGreaterThan(0);
    expect(first.expiresInMs).toBeLessThanOrEqual(300);
    expect((await counters.add('a', 60_000)).expiresInMs).toBeLessThanOrEqual(300);
    expect((await counters.read('a')).count).toBe(2);
    await expect.poll(async () => (await counters.read('a')).count, { timeout: 10_000 }).toBe(0);
  });

  it('give back a count without leaving a counter that never expires', async () => {
    const counters = redisCounters(redis, namespace);
    await counters.add('b', 60_000);
    await counters.giveBack('b');
    expect((await counters.read('b')).count).toBe(0);
    await counters.giveBack('never-counted');
    expect(await redis.exists(`${namespace}never-counted`)).toBe(0);
    expect(await redis.pttl(`${namespace}b`)).toBeGreaterThan(0);
  });
});
