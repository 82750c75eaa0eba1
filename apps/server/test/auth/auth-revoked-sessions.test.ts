import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createRevokedSessions, durationMs } from '../../src/modules/auth/revoked-sessions.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { bearer, signUpPlayer } from '../support/players.ts';

const redisUrl = process.env.TEST_REDIS_URL;

describe('the revoked-sessions list', () => {
  const log = pino({ level: 'silent' });

  it('in-process forgets a session once no token minted for it can still be unexpired', async () => {
    const revoked = createRevokedSessions(undefined, 1000, log);
    const sessionId = randomUUID();
    expect(await revoked.isRevoked(sessionId)).toBe(false);
    await revoked.revoke(sessionId);
    expect(await revoked.isRevoked(sessionId)).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 1001);
      expect(await revoked.isRevoked(sessionId)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it.skipIf(!redisUrl)('in Redis is seen by another instance, and expires by itself', async () => {
    const revoking = createRevokedSessions(redisUrl, 1000, log);
    const other = createRevokedSessions(redisUrl, 1000, log);
    try {
      // Both listening: a revocation waits for its own announcement only once its instance hears
      // the channel, and that wait is what puts it in every other instance's memory first.
      await Promise.all([revoking.ready(), other.ready()]);
      const sessionId = randomUUID();
      expect(await other.isRevoked(sessionId)).toBe(false);
      await revoking.revoke(sessionId);
      expect(await other.isRevoked(sessionId)).toBe(true);
      await vi.waitFor(async () => expect(await other.isRevoked(sessionId)).toBe(false), {
        timeout: 5000,
        interval: 100,
      });
    } finally {
      await Promise.all([revoking.close(), other.close()]);
    }
  });

  it.skipIf(!redisUrl)(
    'answers from memory once listening, and an instance started later reads the list',
    async () => {
      const listening = createRevokedSessions(redisUrl, 60_000, log);
      const redis = new Redis(redisUrl ?? '');
      let later: ReturnType<typeof createRevokedSessions> | undefined;
      try {
        await listening.ready();
        // Stored without being announced, as if its message were lost: a listening instance asks
        // Redis nothing per check, so it does not see it.
        const unannounced = randomUUID();
        await redis.set(`playon:revoked-session:${unannounced}`, '1', 'PX', 60_000);
        expect(await listening.isRevoked(unannounced)).toBe(false);
        // One that starts now reads every stored revocation before answering from memory.
        later = createRevokedSessions(redisUrl, 60_000, log);
        await later.ready();
        expect(await later.isRevoked(unannounced)).toBe(true);
        expect(await later.isRevoked(randomUUID())).toBe(false);
      } finally {
        redis.disconnect();
        await Promise.all([listening.close(), later?.close()]);
      }
    },
  );

  it('reads the access-token lifetime the configuration allows', () => {
    expect(durationMs('15m')).toBe(900_000);
    expect(durationMs('1s')).toBe(1000);
    expect(durationMs('2h')).toBe(7_200_000);
  });
});

describe.skipIf(!redisUrl)('two instances sharing Redis', () => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    second = await buildApp(t.config, { database: { ...t.database, close: async () => {} } });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('refuses on one the token of a session signed out on the other', async () => {
    const player = await signUpPlayer(t.app);
    const login = () =>
      second.inject({ method: 'GET', url: '/api/auth/login', headers: bearer(player.token) });
    expect((await login()).statusCode).toBe(200);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: player.cookie, origin: t.config.publicUrl },
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    expect((await login()).statusCode).toBe(401);
  });
});
