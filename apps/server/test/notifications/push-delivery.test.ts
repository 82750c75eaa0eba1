import { randomUUID } from 'node:crypto';
import type { PlayerNotification } from '@playon/shared/notifications';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, PUSH_JOB, PUSH_RETRY_JOB } from '../../src/modules/notifications/service.ts';
import { pushSubscriptions } from '../../src/modules/profile/schema.ts';
import { LATE_REPORTS_MS } from '../../src/modules/tournaments/play-rule.ts';
import { TOURNAMENT_RANKING_JOB } from '../../src/modules/tournaments/service.ts';
import { jobs } from '../../src/platform/jobs/schema.ts';
import type { TestApp } from '../support/app.ts';
import { clockedTopUp, createClockedTestApp } from '../support/clocked-top-up.ts';
import { runJobsNow } from '../support/jobs.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import {
  decryptPush,
  newBrowserSubscription,
  pushReceiverSettings,
  startPushService,
  subscribeToPush,
} from '../support/push-receiver.ts';
import { createSandboxClock } from '../support/sandbox-clock.ts';
import { arrangeTournament, insertTestGame, seatPlayers } from '../support/tournaments.ts';

// How pushes behave when push services misbehave, and at the scale of a whole tournament. The
// sandbox runs on a clock the test moves, so a top-up's callback never outruns its own answer.
const clock = createSandboxClock();
let t: TestApp;
let healthy: Awaited<ReturnType<typeof startPushService>>;
let flaky: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  healthy = await startPushService();
  flaky = await startPushService();
  t = await createClockedTestApp(clock, pushReceiverSettings(healthy, flaky));
});
afterAll(async () => {
  await Promise.all([healthy.close(), flaky.close()]);
  await t.close();
});

const toppedUp = (player: TestPlayer, amount: number) => clockedTopUp(t.app, clock, player, amount);

const waitingRetries = () => t.database.db.select().from(jobs).where(eq(jobs.kind, PUSH_RETRY_JOB));
const received = (service: typeof healthy, endpoint: string) =>
  service.received.filter((push) => push.path === new URL(endpoint).pathname);

describe('a push service that fails', () => {
  it('gets the push again later, and only the browser that missed it does', async () => {
    const amina = await signUpPlayer(t.app);
    const phone = await subscribeToPush(t.app, amina, healthy);
    const laptop = await subscribeToPush(t.app, amina, flaky);
    flaky.status = 503;
    await toppedUp(amina, 100);
    await runJobsNow(t.database.db, t.app.jobs, PUSH_JOB);
    expect(received(healthy, phone.subscription.endpoint)).toHaveLength(1);
    expect(received(flaky, laptop.subscription.endpoint)).toHaveLength(1);
    expect(await waitingRetries()).toHaveLength(1);

    flaky.status = 201;
    await runJobsNow(t.database.db, t.app.jobs, PUSH_RETRY_JOB);
    const [, retried] = received(flaky, laptop.subscription.endpoint);
    expect(JSON.parse(decryptPush(retried?.body ?? Buffer.alloc(0), laptop).text)).toMatchObject({
      body: 'kes 100.00 is in your wallet.',
    });
    expect(received(healthy, phone.subscription.endpoint)).toHaveLength(1);
    expect(await waitingRetries()).toEqual([]);
  });

  it('is given up after eight tries; the browser stays subscribed', async () => {
    const brian = await signUpPlayer(t.app);
    const laptop = await subscribeToPush(t.app, brian, flaky);
    flaky.status = 500;
    try {
      await toppedUp(brian, 50);
      await runJobsNow(t.database.db, t.app.jobs, PUSH_JOB);
      for (let retry = 1; retry <= 7; retry++) await runJobsNow(t.database.db, t.app.jobs, PUSH_RETRY_JOB);
    } finally {
      flaky.status = 201;
    }
    expect(received(flaky, laptop.subscription.endpoint)).toHaveLength(8);
    expect(await waitingRetries()).toEqual([]);
    const kept = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, laptop.subscription.endpoint));
    expect(kept).toHaveLength(1);
  });
});

describe('a subscription nothing can be encrypted for', () => {
  it('is forgotten without a request', async () => {
    const chebet = await signUpPlayer(t.app);
    const endpoint = `${healthy.origin}/push/${randomUUID()}`;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/profile/device-token',
      headers: bearer(chebet.token),
      payload: { deviceToken: JSON.stringify({ endpoint, keys: { p256dh: 'not-a-key', auth: 'x' } }) },
    });
    expect(saved.statusCode).toBe(200);
    await toppedUp(chebet, 30);
    await runJobsNow(t.database.db, t.app.jobs, PUSH_JOB);
    expect(received(healthy, endpoint)).toEqual([]);
    const kept = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(kept).toEqual([]);
  });
});

describe('a tournament of 250 players', () => {
  it("tells each their place in one statement and pushes it to each one's browser, slice by slice", async () => {
    const game = await insertTestGame(t);
    const now = Date.now();
    const cup = await arrangeTournament(t, {
      gameId: game.id,
      starts: new Date(now - 3_600_000),
      // Past the late reports' window too (runs played offline), so the ranking job takes it.
      ends: new Date(now - LATE_REPORTS_MS - 60_000),
      name: 'Matatu Rush Weekly',
    });
    // More than one slice of the delivery (about 200 each); points fall with the seat, so the seat is the place.
    const uids = await seatPlayers(
      t,
      cup.id,
      Array.from({ length: 250 }, (_, seat) => 5000 - seat),
    );
    const browsers = new Map(uids.map((uid) => [uid, newBrowserSubscription(healthy.origin)]));
    await t.database.db.insert(pushSubscriptions).values(
      uids.map((uid) => {
        const { subscription } = browsers.get(uid) as ReturnType<typeof newBrowserSubscription>;
        return { playerUid: uid, endpoint: subscription.endpoint, subscription };
      }),
    );

    // The ranking job; the pushes it scheduled are due at once, so they run in the same go.
    await runJobsNow(t.database.db, t.app.jobs, TOURNAMENT_RANKING_JOB);

    const written = await t.database.db
      .select()
      .from(notifications)
      .where(and(like(notifications.dedupeKey, `tournament:${cup.id}:ended:%`)));
    expect(written).toHaveLength(250);
    const prizes = ['You won Gold!', 'You won Silver!', 'You won Bronze!'];
    uids.forEach((uid, seat) => {
      const browser = browsers.get(uid) as ReturnType<typeof newBrowserSubscription>;
      const shown = received(healthy, browser.subscription.endpoint).map(
        (push) => JSON.parse(decryptPush(push.body, browser).text) as PlayerNotification,
      );
      // The podium also hears about its prize.
      expect(shown.map((n) => n.title).sort(), `seat ${seat + 1}`).toEqual(
        ['Matatu Rush Weekly has ended', ...(prizes[seat] ? [prizes[seat]] : [])].sort(),
      );
      expect(shown.find((n) => n.title === 'Matatu Rush Weekly has ended')).toMatchObject({
        body: `You finished #${seat + 1} of 250.`,
        url: `/tournaments/leaderboard/${cup.id}`,
      });
    });
  });
});
