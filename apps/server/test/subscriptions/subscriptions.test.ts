import { randomUUID } from 'node:crypto';
import type { SubscriptionPackage, UserSubscription } from '@playon/shared/subscriptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscriptionService } from '../../src/modules/subscriptions/service.ts';
import { seedContent } from '../../src/seed.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let amina: TestPlayer;
let packages: SubscriptionPackage[];
beforeAll(async () => {
  t = await createTestApp();
  amina = await signUpPlayer(t.app);
  packages = (await list<SubscriptionPackage[]>('/api/subscription-packages/list', amina)).payload;
});
afterAll(() => t.close());

async function list<T>(url: string, player: TestPlayer) {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(player.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { statusCode: number; statusMessage: string; payload: T };
}

const packageNamed = (name: string) => packages.find((item) => item.name === name) as SubscriptionPackage;

/** The service over the app's database with a clock the test sets. */
function serviceAt(clock: { now: Date }) {
  return createSubscriptionService({ db: t.database.db, now: () => clock.now });
}

describe('GET /api/subscription-packages/list', () => {
  it('lists the four daily packages in KES, cheapest first, one of them popular', () => {
    expect(packages.map((item) => [item.name, item.amount, item.currency, item.duration])).toEqual([
      ['Bronze', 10, 'KES', 24],
      ['Silver', 20, 'KES', 24],
      ['Gold', 50, 'KES', 24],
      ['Platinum', 100, 'KES', 24],
    ]);
    expect(packages.filter((item) => item.popular)).toHaveLength(1);
    for (const item of packages) {
      expect(item.description.length).toBeGreaterThan(20);
      expect(item.oldId).toBeNull();
      expect(Number.isInteger(item.id)).toBe(true);
    }
  });

  it('seeds idempotently: a second start adds nothing and keeps the ids', async () => {
    const subscriptions = createSubscriptionService({ db: t.database.db });
    const others = { seed: async () => {} };
    await seedContent({ reference: others, subscriptions, games: others, content: others, chat: others });
    await seedContent({ reference: others, subscriptions, games: others, content: others, chat: others });
    const again = (await list<SubscriptionPackage[]>('/api/subscription-packages/list', amina)).payload;
    expect(again).toEqual(packages);
  });

  it('needs an access token', async () => {
    for (const url of ['/api/subscription-packages/list', '/api/subscriptions/list']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json().payload.code).toBe('UNAUTHENTICATED');
    }
  });

  it('documents both endpoints in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/subscription-packages/list', '/api/subscriptions/list']),
    );
  });
});

describe('packageById', () => {
  it('gives the package with its price in cents, or undefined', async () => {
    const subscriptions = createSubscriptionService({ db: t.database.db });
    const gold = await subscriptions.packageById(packageNamed('Gold').id);
    expect(gold).toMatchObject({ name: 'Gold', amountCents: 5000n, durationHours: 24, currency: 'KES' });
    expect(await subscriptions.packageById(999_999)).toBeUndefined();
  });
});

describe('activating a subscription', () => {
  it('lasts 24 hours from payment and shows in the player list', async () => {
    const player = await signUpPlayer(t.app);
    const paidAt = new Date(Date.now() - HOUR);
    const bronze = packageNamed('Bronze');
    const { subscription, activated } = await serviceAt({ now: new Date() }).activateSubscription({
      uid: player.uid,
      packageId: bronze.id,
      intentId: randomUUID(),
      paidAt,
    });
    expect(activated).toBe(true);
    expect(subscription.startsAt.getTime()).toBe(paidAt.getTime());
    expect(subscription.expiresAt.getTime()).toBe(paidAt.getTime() + DAY);

    const mine = (await list<UserSubscription[]>('/api/subscriptions/list', player)).payload;
    expect(mine).toEqual([
      {
        id: subscription.id,
        expired: false,
        startsAt: paidAt.toISOString(),
        expiresAt: new Date(paidAt.getTime() + DAY).toISOString(),
        subscriptionPackage: bronze,
      },
    ]);
    // Nobody else sees it.
    expect((await list<UserSubscription[]>('/api/subscriptions/list', amina)).payload).toEqual([]);
  });

  it('extends a package still held by 24 hours; the list shows one entry with the latest expiry', async () => {
    const player = await signUpPlayer(t.app);
    const silver = packageNamed('Silver');
    const clock = { now: new Date('2026-03-01T08:00:00Z') };
    const subscriptions = serviceAt(clock);
    const first = await subscriptions.activateSubscription({
      uid: player.uid,
      packageId: silver.id,
      intentId: randomUUID(),
      paidAt: clock.now,
    });
    clock.now = new Date('2026-03-01T20:00:00Z');
    const second = await subscriptions.activateSubscription({
      uid: player.uid,
      packageId: silver.id,
      intentId: randomUUID(),
      paidAt: clock.now,
    });
    expect(second.activated).toBe(true);
    expect(second.subscription.startsAt.toISOString()).toBe('2026-03-02T08:00:00.000Z');
    expect(second.subscription.expiresAt.toISOString()).toBe('2026-03-03T08:00:00.000Z');

    const listed = await subscriptions.listForPlayer(player.uid);
    expect(listed).toEqual([
      {
        id: second.subscription.id,
        expired: false,
        startsAt: first.subscription.startsAt.toISOString(),
        expiresAt: '2026-03-03T08:00:00.000Z',
        subscriptionPackage: silver,
      },
    ]);

    // Held through the first day into the second, not after the extension ends.
    expect(await subscriptions.hasActiveSubscription(player.uid, new Date('2026-03-02T08:00:00Z'))).toBe(
      true,
    );
    clock.now = new Date('2026-03-03T08:00:00Z');
    expect((await subscriptions.listForPlayer(player.uid))[0]?.expired).toBe(true);
    expect(await subscriptions.hasActiveSubscription(player.uid)).toBe(false);
  });

  it('starts afresh from payment when the package had already expired', async () => {
    const player = await signUpPlayer(t.app);
    const gold = packageNamed('Gold');
    const clock = { now: new Date('2026-04-01T00:00:00Z') };
    const subscriptions = serviceAt(clock);
    await subscriptions.activateSubscription({
      uid: player.uid,
      packageId: gold.id,
      intentId: randomUUID(),
      paidAt: clock.now,
    });
    clock.now = new Date('2026-04-05T10:00:00Z');
    const again = await subscriptions.activateSubscription({
      uid: player.uid,
      packageId: gold.id,
      intentId: randomUUID(),
      paidAt: clock.now,
    });
    expect(again.subscription.startsAt.toISOString()).toBe('2026-04-05T10:00:00.000Z');
    expect(again.subscription.expiresAt.toISOString()).toBe('2026-04-06T10:00:00.000Z');
    const [entry] = await subscriptions.listForPlayer(player.uid);
    expect(entry).toMatchObject({
      id: again.subscription.id,
      expired: false,
      startsAt: '2026-04-05T10:00:00.000Z',
      expiresAt: '2026-04-06T10:00:00.000Z',
    });
  });

  it('keeps packages apart: one entry per package, cheapest first, each with its own expiry', async () => {
    const player = await signUpPlayer(t.app);
    const clock = { now: new Date() };
    const subscriptions = serviceAt(clock);
    const platinumPaid = new Date(clock.now.getTime() - 30 * HOUR);
    const bronzePaid = new Date(clock.now.getTime() - 2 * HOUR);
    for (const [name, paidAt] of [
      ['Platinum', platinumPaid],
      ['Bronze', bronzePaid],
    ] as const) {
      await subscriptions.activateSubscription({
        uid: player.uid,
        packageId: packageNamed(name).id,
        intentId: randomUUID(),
        paidAt,
      });
    }
    const mine = (await list<UserSubscription[]>('/api/subscriptions/list', player)).payload;
    expect(mine.map((entry) => [entry.subscriptionPackage.name, entry.expired, entry.expiresAt])).toEqual([
      ['Bronze', false, new Date(bronzePaid.getTime() + DAY).toISOString()],
      ['Platinum', true, new Date(platinumPaid.getTime() + DAY).toISOString()],
    ]);
  });

  it('activates once per payment intent, however often the payment is applied', async () => {
    const player = await signUpPlayer(t.app);
    const bronze = packageNamed('Bronze');
    const subscriptions = serviceAt({ now: new Date('2026-05-01T12:00:00Z') });
    const input = {
      uid: player.uid,
      packageId: bronze.id,
      intentId: randomUUID(),
      paidAt: new Date('2026-05-01T12:00:00Z'),
    };
    const first = await subscriptions.activateSubscription(input);
    const replay = await subscriptions.activateSubscription({
      ...input,
      paidAt: new Date('2026-05-01T13:00:00Z'),
    });
    const concurrent = await Promise.all([
      subscriptions.activateSubscription(input),
      subscriptions.activateSubscription(input),
    ]);
    expect(first.activated).toBe(true);
    expect(replay).toEqual({ subscription: first.subscription, activated: false });
    for (const result of concurrent) expect(result.activated).toBe(false);
    const [entry] = await subscriptions.listForPlayer(player.uid);
    expect(entry?.expiresAt).toBe('2026-05-02T12:00:00.000Z');
  });

  it('extends once per payment when two different payments complete at the same moment', async () => {
    const player = await signUpPlayer(t.app);
    const gold = packageNamed('Gold');
    const paidAt = new Date('2026-06-01T09:00:00Z');
    const subscriptions = serviceAt({ now: paidAt });
    const results = await Promise.all(
      [randomUUID(), randomUUID()].map((intentId) =>
        subscriptions.activateSubscription({ uid: player.uid, packageId: gold.id, intentId, paidAt }),
      ),
    );
    expect(results.every((result) => result.activated)).toBe(true);
    const [entry] = await subscriptions.listForPlayer(player.uid);
    expect(entry).toMatchObject({ startsAt: paidAt.toISOString(), expiresAt: '2026-06-03T09:00:00.000Z' });
  });

  it('refuses to reuse an intent for another player or package', async () => {
    const player = await signUpPlayer(t.app);
    const subscriptions = serviceAt({ now: new Date() });
    const intentId = randomUUID();
    const paidAt = new Date();
    await subscriptions.activateSubscription({
      uid: player.uid,
      packageId: packageNamed('Bronze').id,
      intentId,
      paidAt,
    });
    await expect(
      subscriptions.activateSubscription({
        uid: amina.uid,
        packageId: packageNamed('Bronze').id,
        intentId,
        paidAt,
      }),
    ).rejects.toThrow(/already activated/);
    await expect(
      subscriptions.activateSubscription({
        uid: player.uid,
        packageId: packageNamed('Gold').id,
        intentId,
        paidAt,
      }),
    ).rejects.toThrow(/already activated/);
  });

  it('runs inside the caller transaction: a rollback leaves no subscription', async () => {
    const player = await signUpPlayer(t.app);
    const subscriptions = serviceAt({ now: new Date() });
    const rolledBack = new Error('ledger refused');
    await expect(
      t.database.db.transaction(async (tx) => {
        await subscriptions.activateSubscription(
          {
            uid: player.uid,
            packageId: packageNamed('Silver').id,
            intentId: randomUUID(),
            paidAt: new Date(),
          },
          tx,
        );
        expect(await subscriptions.hasActiveSubscription(player.uid, new Date(), tx)).toBe(true);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await subscriptions.listForPlayer(player.uid)).toEqual([]);
    expect(await subscriptions.hasActiveSubscription(player.uid)).toBe(false);
  });
});

describe('hasActiveSubscription', () => {
  it('is true from the moment of payment up to, not including, the expiry', async () => {
    const player = await signUpPlayer(t.app);
    const subscriptions = serviceAt({ now: new Date() });
    const paidAt = new Date('2026-07-10T15:30:00Z');
    expect(await subscriptions.hasActiveSubscription(player.uid, paidAt)).toBe(false);
    await subscriptions.activateSubscription({
      uid: player.uid,
      packageId: packageNamed('Platinum').id,
      intentId: randomUUID(),
      paidAt,
    });
    const at = (offsetMs: number) =>
      subscriptions.hasActiveSubscription(player.uid, new Date(paidAt.getTime() + offsetMs));
    expect(await at(-1)).toBe(false);
    expect(await at(0)).toBe(true);
    expect(await at(DAY - 1)).toBe(true);
    expect(await at(DAY)).toBe(false);
    // Another player's subscription is not theirs.
    expect(await subscriptions.hasActiveSubscription(amina.uid, paidAt)).toBe(false);
  });

  it('defaults to the service clock', async () => {
    const player = await signUpPlayer(t.app);
    const clock = { now: new Date('2026-08-01T00:00:00Z') };
    const subscriptions = serviceAt(clock);
    await subscriptions.activateSubscription({
      uid: player.uid,
      packageId: packageNamed('Bronze').id,
      intentId: randomUUID(),
      paidAt: clock.now,
    });
    expect(await subscriptions.hasActiveSubscription(player.uid)).toBe(true);
    clock.now = new Date('2026-08-02T00:00:00Z');
    expect(await subscriptions.hasActiveSubscription(player.uid)).toBe(false);
  });
});
