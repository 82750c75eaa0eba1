import { describe, expect, it } from 'vitest';
import { createRedisFloodLimit } from '../../src/modules/chat/flood-limit.ts';
import { reportOncePer } from '../../src/platform/redis-connections.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { scrapeMetrics, seriesValue } from '../support/metrics.ts';
import { bearer, signUpPlayer } from '../support/players.ts';
import { hasRedisServer, ownRedis } from '../support/redis-server.ts';

// Nothing listens on port 1: every connection to this Redis is refused, as while Redis is down.
const REDIS_DOWN = 'redis://127.0.0.1:1';
const SKIPPED = 'limit not checked: its Redis did not answer';

type LogLine = Record<string, unknown>;

/**
 * An app whose limits keep their counts in the Redis at `url` (ADR 0057). Built inside each story,
 * so that anything ioredis prints while connecting fails the story (fail-on-console-error.ts).
 */
async function withApp(
  url: string,
  env: Record<string, string>,
  story: (t: TestApp, logged: () => LogLine[]) => Promise<void>,
) {
  const lines: string[] = [];
  const t = await createTestApp(
    { REDIS_URL: url, LOG_LEVEL: 'warn', ...env },
    { logStream: { write: (line) => lines.push(line) } },
  );
  try {
    await story(t, () => lines.map((line) => JSON.parse(line) as LogLine));
  } finally {
    await t.close();
  }
}

const skippedChecks = async (t: TestApp, limit: string) =>
  seriesValue(await scrapeMetrics(t.app), `playon_limit_store_errors_total{limit="${limit}"}`) ?? 0;

const feedback = { email: 'amina@example.com', subject: 'Snake freezes', message: 'It stops at 40 points.' };
const sendFeedback = (t: TestApp, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact-us/feedback',
    headers: bearer(token),
    payload: feedback,
  });

const signIn = (t: TestApp, email: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    payload: { email, password },
  });

describe('while Redis is down', () => {
  it('players sign up, sign in, mistype a password and send feedback as usual', async () => {
    await withApp(REDIS_DOWN, {}, async (t) => {
      const player = await signUpPlayer(t.app);
      const signedIn = await signIn(t, player.email, player.password);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect((await signIn(t, player.email, 'typo-123')).statusCode).toBe(401);
      const sent = await sendFeedback(t, player.token);
      expect(sent.statusCode, sent.body).toBe(200);
    });
  });

  it('warns once, not for every request, and counts each limit it could not check', async () => {
    await withApp(REDIS_DOWN, {}, async (t, logged) => {
      const before = { routes: await skippedChecks(t, 'routes'), signIn: await skippedChecks(t, 'sign-in') };
      const player = await signUpPlayer(t.app);
      for (let i = 0; i < 5; i++) expect((await sendFeedback(t, player.token)).statusCode).toBe(200);

      expect(await skippedChecks(t, 'routes')).toBeGreaterThanOrEqual(before.routes + 5);
      expect(await skippedChecks(t, 'sign-in')).toBeGreaterThan(before.signIn);
      const warnings = logged().filter((line) => line.msg === SKIPPED);
      expect(warnings.map((line) => line.limit).sort()).toEqual(['routes', 'sign-in']);
      expect(warnings.every((line) => line.level === 40)).toBe(true);
      const unreachable = logged().filter((line) => String(line.msg).startsWith('redis for the '));
      expect(unreachable.map((line) => line.msg).sort()).toEqual([
        'redis for the routes limits unreachable',
        'redis for the sign-in limits unreachable',
      ]);
    });
  });

  it('lets chat messages through the flood limit', async () => {
    const warnings: unknown[] = [];
    const flood = createRedisFloodLimit(
      REDIS_DOWN,
      { warn: (...args: unknown[]) => warnings.push(args) },
      'x:',
      {
        max: 1,
        windowMs: 60_000,
      },
    );
    try {
      expect([await flood.take('amina'), await flood.take('amina'), await flood.take('amina')]).toEqual([
        true,
        true,
        true,
      ]);
    } finally {
      await flood.close();
    }
    expect(warnings.length).toBeGreaterThan(0);
  });
});

describe.runIf(hasRedisServer)('when Redis comes back', () => {
  it('counts wrong passwords again, and holds a guesser back', async () => {
    const redis = await ownRedis();
    try {
      await withApp(redis.url, { SIGN_IN_FAILURES_PER_ADDRESS: '2' }, async (t, logged) => {
        const player = await signUpPlayer(t.app);
        await redis.stop();
        for (let i = 0; i < 4; i++) {
          expect((await signIn(t, player.email, 'guess-123', '10.0.0.2')).statusCode).toBe(401);
        }
        expect(logged().filter((line) => line.msg === SKIPPED && line.limit === 'sign-in')).toHaveLength(1);

        await redis.start();
        await expect
          .poll(async () => (await signIn(t, player.email, 'guess-123', '10.0.0.3')).statusCode, {
            timeout: 15_000,
            interval: 100,
          })
          .toBe(429);
        const held = await signIn(t, player.email, player.password, '10.0.0.3');
        expect(held.statusCode, held.body).toBe(429);
        expect((await signIn(t, player.email, player.password, '10.0.0.4')).statusCode).toBe(200);
      });
    } finally {
      await redis.stop();
    }
  });
});

describe('a warning repeated while Redis stays down', () => {
  it('comes once an interval, with how many it stands for', () => {
    let now = 0;
    const reports: [string, number][] = [];
    const report = reportOncePer(
      60_000,
      (event: string, count: number) => reports.push([event, count]),
      () => now,
    );
    for (const event of ['a', 'b', 'c']) report(event);
    now = 59_999;
    report('d');
    now = 60_000;
    report('e');
    expect(reports).toEqual([
      ['a', 1],
      ['e', 4],
    ]);
  });
});
