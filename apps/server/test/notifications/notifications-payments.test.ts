import { randomUUID } from 'node:crypto';
import type { PlayerNotification } from '@playon/shared/notifications';
import type { SubscriptionPackage } from '@playon/shared/subscriptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { playerApi } from '../support/player-api.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

// What players read when their payments end, through the real app and its M-Pesa sandbox.
let t: PaymentsTestApp;
let packages: SubscriptionPackage[];
beforeAll(async () => {
  t = await createPaymentsTestApp({
    // Many payments from one phone and one player in a minute: the limits have their own tests.
    RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000',
    PAYMENT_PROMPTS_PER_PHONE_PER_HOUR: '1000',
  });
  packages = (await get(await signUpPlayer(t.app), '/api/subscription-packages/list')).json().payload;
});
afterAll(() => t.close());

const WALLET = 1;
const MPESA = 2;

const { get, post, final: settled } = playerApi(() => t.app);
const notificationsOf = async (player: TestPlayer) =>
  ((await get(player, '/api/profile/notifications')).json().payload as PlayerNotification[]).map(
    ({ title, body, url }) => ({ title, body, url }),
  );

async function named(prefix: string) {
  const player = await signUpPlayer(t.app);
  const username = `${prefix}${randomUUID().slice(0, 6)}`;
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/profile/${player.uid}`,
    headers: bearer(player.token),
    payload: { username },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...player, username };
}

async function topUp(player: TestPlayer, amount: number, phone = '0712345678') {
  const started = await post(player, '/api/payments/top-up', {
    paymentMethodId: MPESA,
    amount,
    mpesaPhoneNumber: phone,
  });
  expect(started.statusCode, started.body).toBe(200);
  return settled(player, started.json().payload.id);
}

const topUpReceived = (kes: string) => ({
  title: 'Top up received',
  body: `kes ${kes} is in your wallet.`,
  url: '/account/wallet',
});

describe('a top-up', () => {
  it('tells the player the money is in', async () => {
    const player = await signUpPlayer(t.app);
    expect((await topUp(player, 1500)).status).toBe('COMPLETED');
    expect(await notificationsOf(player)).toEqual([topUpReceived('1,500.00')]);
  });

  it('tells once when M-Pesa calls back twice', async () => {
    const player = await signUpPlayer(t.app);
    expect((await topUp(player, 250, '0700000006')).status).toBe('COMPLETED');
    await t.sandbox.settled();
    expect(await notificationsOf(player)).toEqual([topUpReceived('250.00')]);
  });

  it('that the player cancels says so, in their words', async () => {
    const player = await signUpPlayer(t.app);
    expect((await topUp(player, 100, '0700000001')).status).toBe('CANCELLED');
    expect(await notificationsOf(player)).toEqual([
      { title: 'Payment not completed', body: 'You cancelled the M-Pesa request.', url: '/account/wallet' },
    ]);
  });
});

describe('a boost', () => {
  it('tells the payer it went and the friend it arrived, by username', async () => {
    const payer = await named('payer');
    const friend = await named('friend');
    await topUp(payer, 500);
    const boost = await post(payer, '/api/payments/top-up', {
      paymentMethodId: WALLET,
      amount: 120,
      userId: friend.uid,
    });
    expect(boost.json().payload).toMatchObject({ type: 'BOOST', status: 'COMPLETED' });
    expect((await notificationsOf(payer))[0]).toEqual({
      title: 'Boost sent',
      body: `You boosted ${friend.username}'s wallet with kes 120.00.`,
      url: '/account/wallet',
    });
    expect(await notificationsOf(friend)).toEqual([
      {
        title: 'You were boosted!',
        body: `${payer.username} boosted your wallet with kes 120.00.`,
        url: '/account/wallet',
      },
    ]);
  });

  it('refused for a short balance tells nobody anything', async () => {
    const payer = await named('short');
    const friend = await named('friend');
    const boost = await post(payer, '/api/payments/top-up', {
      paymentMethodId: WALLET,
      amount: 50,
      userId: friend.uid,
    });
    expect(boost.statusCode).toBe(409);
    expect(await notificationsOf(payer)).toEqual([]);
    expect(await notificationsOf(friend)).toEqual([]);
  });
});

describe('a subscription', () => {
  it('tells the player which package is active', async () => {
    const player = await signUpPlayer(t.app);
    await topUp(player, 100);
    const silver = packages.find((p) => p.name === 'Silver') as SubscriptionPackage;
    const paid = await post(player, '/api/payments/subscribe', {
      paymentMethodId: WALLET,
      subscriptionPackageId: silver.id,
    });
    expect(paid.json().payload).toMatchObject({ status: 'COMPLETED' });
    expect((await notificationsOf(player))[0]).toEqual({
      title: 'Subscription active',
      body: `Your Silver package is active for ${silver.duration} hours. You paid kes ${silver.amount.toFixed(2)}.`,
      url: '/account/subscription',
    });
  });
});

describe('a withdrawal', () => {
  const withdraw = (player: TestPlayer, amount: number, phone: string) =>
    post(player, '/api/wallets/withdraw', { paymentMethodId: MPESA, amount, mpesaPhoneNumber: phone });

  it('tells the player the money was sent', async () => {
    const player = await signUpPlayer(t.app);
    await topUp(player, 2000);
    const started = await withdraw(player, 1000, '0712345678');
    expect((await settled(player, started.json().payload.id)).status).toBe('COMPLETED');
    expect((await notificationsOf(player))[0]).toEqual({
      title: 'Withdrawal sent',
      body: 'kes 1,000.00 was sent to your M-Pesa.',
      url: '/account/wallet',
    });
  });

  it('that fails tells why, and that the money is back', async () => {
    const player = await signUpPlayer(t.app);
    await topUp(player, 500);
    const started = await withdraw(player, 200, '0700000002');
    const done = await settled(player, started.json().payload.id);
    expect(done.status).toBe('ERROR');
    expect((await notificationsOf(player))[0]).toEqual({
      title: 'Withdrawal not completed',
      body: `${done.message} Your money is back in your wallet.`,
      url: '/account/wallet',
    });
  });
});
