import { randomUUID } from 'node:crypto';
import type { PaymentIntent } from '@playon/shared/payments';
import type { SubscriptionPackage, UserSubscription } from '@playon/shared/subscriptions';
import type { WalletTransaction } from '@playon/shared/wallet';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCallbackBody } from '../../src/platform/airtime/callbacks.ts';
import { jobs } from '../../src/platform/jobs/schema.ts';
import { signWebhookBody } from '../../src/platform/paystack/webhook.ts';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { expectLedgerSound as expectLedgerSoundIn } from '../support/ledger-audit.ts';
import { eventually } from '../support/payments.ts';
import { playerApi } from '../support/player-api.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

// Every way to pay through the real app listening on a port, so the built-in Daraja, card
// and airtime sandboxes call it back exactly as the providers would.
let t: PaymentsTestApp;
let base: string;
let packages: SubscriptionPackage[];
beforeAll(async () => {
  t = await createPaymentsTestApp({
    // Many payments from one phone and one player in a minute: the limits have their own tests.
    RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000',
    PAYMENT_PROMPTS_PER_PHONE_PER_HOUR: '1000',
  });
  base = t.base;
  const someone = await signUpPlayer(t.app);
  packages = (await get(someone, '/api/subscription-packages/list')).json().payload;
});
afterAll(() => t.close());

const WALLET = 1;
const MPESA = 2;
const CARD = 3;
const AIRTIME = 4;
const PAYPAL = 5;
const methodNames: Record<number, string> = {
  1: 'Wallet',
  2: 'M-Pesa',
  3: 'Card',
  4: 'Safaricom airtime',
  5: 'PayPal',
};

const { get, post, intent, final: settled, balance } = playerApi(() => t.app);

const packageId = (name: string) => {
  const found = packages.find((p) => p.name === name);
  if (!found) throw new Error(`no package ${name}`);
  return found.id;
};
/** How often reconciliation has looked at a payment and asked to look again later (its job is idle). */
const finishedReconciliations = async (id: string) => {
  const [job] = await t.database.db
    .select({ attempts: jobs.attempts })
    .from(jobs)
    .where(and(eq(jobs.key, `reconcile:${id}`), isNull(jobs.lockedUntil)));
  return job?.attempts ?? 0;
};
const history = async (player: TestPlayer) =>
  (await get(player, '/api/wallets/list')).json().payload as WalletTransaction[];
const subscriptionsOf = async (player: TestPlayer) =>
  (await get(player, '/api/subscriptions/list')).json().payload as UserSubscription[];

async function named(username: string) {
  const player = await signUpPlayer(t.app);
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/profile/${player.uid}`,
    headers: bearer(player.token),
    payload: { username: `${username}${randomUUID().slice(0, 6)}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...player, username: response.json().payload.username as string };
}

/** A player with this much in the wallet, topped up through the M-Pesa sandbox. */
async function funded(kes: number, username = 'p') {
  const player = await named(username);
  const started = await post(player, '/api/payments/top-up', {
    paymentMethodId: MPESA,
    amount: kes,
    mpesaPhoneNumber: '0712345678',
  });
  expect(started.statusCode, started.body).toBe(200);
  expect((await settled(player, started.json().payload.id)).status).toBe('COMPLETED');
  return player;
}

/** Submits the sandbox checkout form like a browser (the gateway redirects back; not followed). */
async function payOnCheckout(url: string, cardNumber: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber, expiry: '12/39', cvc: '123' }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return response.headers.get('location') ?? '';
}

/** The browser following the gateway's redirect back to us. */
async function browserReturn(location: string) {
  const url = new URL(location);
  const response = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(response.statusCode).toBe(302);
  return response.headers.location;
}

const expectLedgerSound = () => expectLedgerSoundIn(t.database.db);

describe('the method matrix on every payment POST', () => {
  it.each([
    ['top-up', WALLET, 'Wallet is not available for top-up.'],
    ['top-up', AIRTIME, 'Safaricom airtime is not available for top-up.'],
    ['top-up', PAYPAL, 'PayPal coming soon. Please choose another method.'],
    ['boost', AIRTIME, 'Safaricom airtime is not available for boost.'],
    ['boost', PAYPAL, 'PayPal coming soon. Please choose another method.'],
    ['subscription', PAYPAL, 'PayPal coming soon. Please choose another method.'],
    ['withdrawal', WALLET, 'Wallet is not available for withdrawal.'],
    ['withdrawal', CARD, 'Card is not available for withdrawal.'],
    ['withdrawal', AIRTIME, 'Safaricom airtime is not available for withdrawal.'],
    ['withdrawal', PAYPAL, 'PayPal coming soon. Please choose another method.'],
  ])('refuses %s with method %i: 400 %s', async (type, method, message) => {
    const [payer, friend] = [await named('a'), await named('b')];
    const phone = '0712345678';
    const response =
      type === 'subscription'
        ? await post(payer, '/api/payments/subscribe', {
            paymentMethodId: method,
            subscriptionPackageId: packageId('Bronze'),
            mpesaPhoneNumber: phone,
          })
        : type === 'withdrawal'
          ? await post(payer, '/api/wallets/withdraw', {
              paymentMethodId: method,
              amount: 100,
              mpesaPhoneNumber: phone,
            })
          : await post(payer, '/api/payments/top-up', {
              paymentMethodId: method,
              amount: 100,
              mpesaPhoneNumber: phone,
              userId: type === 'boost' ? friend.uid : payer.uid,
            });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().statusMessage).toBe(message);
    expect(message.startsWith(methodNames[method] ?? '?')).toBe(true);
    expect(await history(payer)).toEqual([]);
  });

  it("refuses airtime for any package but Bronze, with the product's message", async () => {
    const player = await named('gold');
    for (const name of ['Silver', 'Gold', 'Platinum']) {
      const response = await post(player, '/api/payments/subscribe', {
        paymentMethodId: AIRTIME,
        subscriptionPackageId: packageId(name),
        mpesaPhoneNumber: '0712345678',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().statusMessage).toBe(
        'Payment using Safaricom airtime is limited to the bronze package. Please choose another method.',
      );
    }
    expect(await subscriptionsOf(player)).toEqual([]);
  });

  it('refuses a boost for a player who does not exist (404), and an unknown package (400)', async () => {
    const player = await named('x');
    const boost = await post(player, '/api/payments/top-up', {
      paymentMethodId: WALLET,
      amount: 10,
      userId: `nobody-${randomUUID()}`,
    });
    expect(boost.statusCode).toBe(404);
    expect(boost.json().statusMessage).toBe('User not found');
    const sub = await post(player, '/api/payments/subscribe', {
      paymentMethodId: WALLET,
      subscriptionPackageId: 9999,
    });
    expect(sub.statusCode).toBe(400);
    expect(sub.json().statusMessage).toBe('Please choose a package.');
  });
});

describe('card top-up through the sandbox checkout', () => {
  it('4242 4242 4242 4242: the return verifies and credits once; the webhook does not credit again', async () => {
    const player = await named('card');
    const started = await post(player, '/api/payments/top-up', { paymentMethodId: CARD, amount: 150 });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().statusMessage).toBe('Pay with your card on the page that opened.');
    const opened = started.json().payload as PaymentIntent;
    expect(opened).toMatchObject({ type: 'TOPUP', status: 'IN_PROGRESS', amount: 150 });
    expect(opened.txGwSessionUrl).toMatch(`${base}/sandbox/paystack/checkout/`);

    const location = await payOnCheckout(opened.txGwSessionUrl ?? '', '4242 4242 4242 4242');
    expect(location).toBe(
      `${base}/api/payments/callbacks/card/return?trxref=${opened.id}&reference=${opened.id}`,
    );
    expect(await browserReturn(location)).toBe(`/waiting?id=${opened.id}`);
    expect((await intent(player, opened.id)).status).toBe('COMPLETED');
    // The sandbox's signed webhook arrives too (after 20 ms): applied once.
    await t.sandbox.settled();
    expect(await balance(player)).toBe(150);
    const [row] = await history(player);
    expect(row).toMatchObject({
      id: opened.id,
      transactionDesc: 'Top up by card',
      transactionDescId: 'TOPUP_WALLET',
      direction: 'CREDIT',
      amount: 150,
      payment: { successful: true },
    });
    await expectLedgerSound();
  });

  it('4000 0000 0000 0002: declined, nothing credited, the player reads why', async () => {
    const player = await named('declined');
    const opened = (await post(player, '/api/payments/top-up', { paymentMethodId: CARD, amount: 80 })).json()
      .payload as PaymentIntent;
    const location = await payOnCheckout(opened.txGwSessionUrl ?? '', '4000 0000 0000 0002');
    expect(await browserReturn(location)).toBe(`/waiting?id=${opened.id}`);
    expect(await intent(player, opened.id)).toMatchObject({
      status: 'ERROR',
      message: 'Your card was declined. Please try another card.',
    });
    expect(await balance(player)).toBe(0);
  });

  it('insufficient funds on the card is an ERROR with its own message', async () => {
    const player = await named('poor');
    const opened = (await post(player, '/api/payments/top-up', { paymentMethodId: CARD, amount: 80 })).json()
      .payload as PaymentIntent;
    await browserReturn(await payOnCheckout(opened.txGwSessionUrl ?? '', '4000 0000 0000 9995'));
    expect(await intent(player, opened.id)).toMatchObject({
      status: 'ERROR',
      message: 'Your card does not have enough funds for this payment.',
    });
  });

  it('a return before paying (abandoned) verifies, credits nothing and leaves the payment open', async () => {
    const player = await named('early');
    const opened = (await post(player, '/api/payments/top-up', { paymentMethodId: CARD, amount: 60 })).json()
      .payload as PaymentIntent;
    const forged = `${base}/api/payments/callbacks/card/return?trxref=${opened.id}&reference=${opened.id}`;
    expect(await browserReturn(forged)).toBe(`/waiting?id=${opened.id}`);
    expect((await intent(player, opened.id)).status).toBe('IN_PROGRESS');
    expect(await balance(player)).toBe(0);
    // Reconciliation verifies too and leaves it open while the gateway says abandoned.
    const reconciled = await eventually(
      () => finishedReconciliations(opened.id),
      (runs) => runs >= 1,
    );
    expect(reconciled).toBeGreaterThanOrEqual(1);
    expect((await intent(player, opened.id)).status).toBe('IN_PROGRESS');
    // The player pays at last: completed by the webhook (or reconciliation), no return needed.
    await payOnCheckout(opened.txGwSessionUrl ?? '', '4242424242424242');
    expect((await settled(player, opened.id)).status).toBe('COMPLETED');
    expect(await balance(player)).toBe(60);
  });
});

describe('the card webhook', () => {
  const webhook = (raw: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/callbacks/card',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'x-paystack-signature': signature } : {}),
      },
      payload: raw,
    });
  const chargeSuccess = (reference: string, amountCents: number, currency = 'KES') =>
    JSON.stringify({
      event: 'charge.success',
      data: {
        reference,
        amount: amountCents,
        currency,
        status: 'success',
        paid_at: new Date().toISOString(),
      },
    });

  it('refuses a bad or missing signature with 401 and changes nothing', async () => {
    const player = await named('hook');
    const opened = (await post(player, '/api/payments/top-up', { paymentMethodId: CARD, amount: 70 })).json()
      .payload as PaymentIntent;
    const raw = chargeSuccess(opened.id, 7000);
    expect((await webhook(raw)).statusCode).toBe(401);
    expect((await webhook(raw, signWebhookBody(raw, 'sk_test_someone_else'))).statusCode).toBe(401);
    expect((await webhook(raw, 'f'.repeat(128))).statusCode).toBe(401);
    // Signed, but for other bytes than those sent (re-serialized): refused.
    const other = raw.replace('"amount":7000', '"amount": 7000');
    expect((await webhook(other, signWebhookBody(raw, t.config.paystack.secretKey))).statusCode).toBe(401);
    expect((await intent(player, opened.id)).status).toBe('IN_PROGRESS');
    expect(await balance(player)).toBe(0);
  });

  it('applies a signed charge.success once, however often it is replayed; checks amount and currency', async () => {
    const player = await named('replay');
    const opened = (await post(player, '/api/payments/top-up', { paymentMethodId: CARD, amount: 90 })).json()
      .payload as PaymentIntent;
    const sign = (raw: string) => signWebhookBody(raw, t.config.paystack.secretKey);
    const wrongAmount = chargeSuccess(opened.id, 900_000);
    expect((await webhook(wrongAmount, sign(wrongAmount))).statusCode).toBe(200);
    const wrongCurrency = chargeSuccess(opened.id, 9000, 'NGN');
    expect((await webhook(wrongCurrency, sign(wrongCurrency))).statusCode).toBe(200);
    expect((await intent(player, opened.id)).status).toBe('IN_PROGRESS');
    expect(await balance(player)).toBe(0);

    const raw = chargeSuccess(opened.id, 9000);
    const answers = await Promise.all([1, 2, 3].map(() => webhook(raw, sign(raw))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await webhook(raw, sign(raw))).statusCode).toBe(200);
    expect((await intent(player, opened.id)).status).toBe('COMPLETED');
    expect(await balance(player)).toBe(90);
    // Other events are acknowledged and ignored; a malformed event is 400.
    const transfer = JSON.stringify({ event: 'transfer.success', data: {} });
    expect((await webhook(transfer, sign(transfer))).statusCode).toBe(200);
    expect((await webhook('not json', sign('not json'))).statusCode).toBe(400);
    await expectLedgerSound();
  });
});

describe('boost a friend', () => {
  it('by wallet: instant, COMPLETED, seen in both histories', async () => {
    const payer = await funded(500, 'payer');
    const friend = await named('friend');
    const response = await post(payer, '/api/payments/top-up', {
      paymentMethodId: WALLET,
      amount: 120,
      userId: friend.uid,
    });
    expect(response.statusCode, response.body).toBe(200);
    const boost = response.json().payload as PaymentIntent;
    expect(boost).toMatchObject({ type: 'BOOST', status: 'COMPLETED', amount: 120 });
    expect(await balance(payer)).toBe(380);
    expect(await balance(friend)).toBe(120);
    expect((await history(friend))[0]).toMatchObject({
      id: boost.id,
      transactionDesc: `Boost from ${payer.username}`,
      transactionDescId: 'BOOST_RECEIVED',
      direction: 'CREDIT',
      amount: 120,
      payment: { successful: true },
    });
    expect((await history(payer))[0]).toMatchObject({
      id: boost.id,
      transactionDesc: `Boost to ${friend.username}`,
      transactionDescId: 'BOOST',
      direction: 'DEBIT',
      amount: 120,
    });
    // The intent is the payer's: the friend sees the money in their history, never the payer's task.
    expect((await get(payer, `/api/payments/${boost.id}`)).statusCode).toBe(200);
    expect((await get(friend, `/api/payments/${boost.id}`)).statusCode).toBe(404);
    expect((await get(await named('stranger'), `/api/payments/${boost.id}`)).statusCode).toBe(404);
    await expectLedgerSound();
  });

  it('by wallet with a short balance: 409, nothing changed', async () => {
    const payer = await funded(50, 'short');
    const friend = await named('friend');
    const response = await post(payer, '/api/payments/top-up', {
      paymentMethodId: WALLET,
      amount: 51,
      userId: friend.uid,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      statusMessage: 'Your wallet balance is not enough for this payment.',
      payload: { code: 'INSUFFICIENT_FUNDS' },
    });
    expect(await balance(payer)).toBe(50);
    expect(await balance(friend)).toBe(0);
    expect(await history(payer)).toHaveLength(1);
    expect(await history(friend)).toEqual([]);
  });

  it('by M-Pesa: the friend is credited once the payer enters the PIN; both histories show it', async () => {
    const payer = await named('mpesa');
    const friend = await named('friend');
    const response = await post(payer, '/api/payments/top-up', {
      paymentMethodId: MPESA,
      amount: 200,
      mpesaPhoneNumber: '0712345678',
      userId: friend.uid,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().statusMessage).toBe('Check your phone and enter your M-Pesa PIN.');
    const boost = response.json().payload as PaymentIntent;
    expect((await settled(payer, boost.id)).status).toBe('COMPLETED');
    expect(await balance(friend)).toBe(200);
    expect(await balance(payer)).toBe(0);
    expect((await history(friend))[0]).toMatchObject({
      transactionDesc: `Boost from ${payer.username}`,
      direction: 'CREDIT',
      amount: 200,
    });
    expect((await history(payer))[0]).toMatchObject({
      transactionDesc: `Boost to ${friend.username} from M-Pesa`,
      transactionDescId: 'BOOST',
      payment: { successful: true },
    });
  });

  it('by M-Pesa, cancelled on the phone: the friend sees nothing of it, the payer sees it failed', async () => {
    const payer = await named('cancelled');
    const friend = await named('friend');
    const boost = (
      await post(payer, '/api/payments/top-up', {
        paymentMethodId: MPESA,
        amount: 10,
        mpesaPhoneNumber: '0700000001',
        userId: friend.uid,
      })
    ).json().payload as PaymentIntent;
    expect((await settled(payer, boost.id)).status).toBe('CANCELLED');
    // Anyone may boost anyone: a boost that never paid must not write into the friend's history.
    expect(await history(friend)).toEqual([]);
    expect((await history(payer))[0]).toMatchObject({
      transactionDescId: 'BOOST',
      payment: { successful: false },
    });
  });

  it('by card: the friend is credited after the checkout', async () => {
    const payer = await named('cardpayer');
    const friend = await named('friend');
    const boost = (
      await post(payer, '/api/payments/top-up', { paymentMethodId: CARD, amount: 40, userId: friend.uid })
    ).json().payload as PaymentIntent;
    expect(boost).toMatchObject({ type: 'BOOST', status: 'IN_PROGRESS' });
    // The checkout page is the payer's: the friend cannot read the intent that carries it.
    const asFriend = await get(friend, `/api/payments/${boost.id}`);
    expect(asFriend.statusCode).toBe(404);
    expect(asFriend.body).not.toContain('txGwSessionUrl');
    await browserReturn(await payOnCheckout(boost.txGwSessionUrl ?? '', '4242 4242 4242 4242'));
    expect((await intent(payer, boost.id)).status).toBe('COMPLETED');
    expect(await balance(friend)).toBe(40);
    expect((await history(friend))[0]).toMatchObject({ transactionDesc: `Boost from ${payer.username}` });
    expect((await history(payer))[0]).toMatchObject({
      transactionDesc: `Boost to ${friend.username} by card`,
    });
  });

  it('a top-up naming oneself is a plain top-up', async () => {
    const player = await named('self');
    const response = await post(player, '/api/payments/top-up', {
      paymentMethodId: MPESA,
      amount: 30,
      mpesaPhoneNumber: '0712345678',
      userId: player.uid,
    });
    expect(response.json().payload.type).toBe('TOPUP');
  });
});

describe('daily subscriptions by every method', () => {
  it('Silver by wallet: COMPLETED at once, listed as not expired, in the history', async () => {
    const player = await funded(100, 'silver');
    const response = await post(player, '/api/payments/subscribe', {
      paymentMethodId: WALLET,
      subscriptionPackageId: packageId('Silver'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payload).toMatchObject({ type: 'SUBSCRIPTION', status: 'COMPLETED', amount: 20 });
    expect(await balance(player)).toBe(80);
    const [silver] = await subscriptionsOf(player);
    expect(silver).toMatchObject({ expired: false, subscriptionPackage: { name: 'Silver' } });
    expect((await history(player))[0]).toMatchObject({
      transactionDescId: 'SUBSCRIPTION',
      transactionDesc: 'Silver package',
      direction: 'DEBIT',
      amount: 20,
    });
    await expectLedgerSound();
  });

  it('by wallet with a short balance: 409 and no subscription', async () => {
    const player = await named('broke');
    const response = await post(player, '/api/payments/subscribe', {
      paymentMethodId: WALLET,
      subscriptionPackageId: packageId('Platinum'),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().statusMessage).toBe('Your wallet balance is not enough for this payment.');
    expect(await subscriptionsOf(player)).toEqual([]);
  });

  it('Bronze by Safaricom airtime: active afterwards', async () => {
    const player = await named('bronze');
    const response = await post(player, '/api/payments/subscribe', {
      paymentMethodId: AIRTIME,
      subscriptionPackageId: packageId('Bronze'),
      mpesaPhoneNumber: '0712345678',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().statusMessage).toBe('Check your phone and confirm the airtime payment.');
    const started = response.json().payload as PaymentIntent;
    expect(started).toMatchObject({ type: 'SUBSCRIPTION', status: 'IN_PROGRESS', amount: 10 });
    expect((await settled(player, started.id)).status).toBe('COMPLETED');
    expect(await subscriptionsOf(player)).toMatchObject([
      { expired: false, subscriptionPackage: { name: 'Bronze' } },
    ]);
    expect(await balance(player)).toBe(0);
  });

  it.each([
    ['254700000001', 'CANCELLED', 'You cancelled the airtime payment.'],
    ['254700000002', 'ERROR', 'Your airtime balance is not enough for this payment.'],
  ])('airtime %s ends %s with a message and no subscription', async (phone, status, message) => {
    const player = await named('airfail');
    const started = (
      await post(player, '/api/payments/subscribe', {
        paymentMethodId: AIRTIME,
        subscriptionPackageId: packageId('Bronze'),
        mpesaPhoneNumber: phone,
      })
    ).json().payload as PaymentIntent;
    expect(await settled(player, started.id)).toMatchObject({ status, message });
    expect(await subscriptionsOf(player)).toEqual([]);
  });

  it('airtime: a result sent twice applies once; one never sent is found by reconciliation', async () => {
    for (const phone of ['254700000006', '254700000005']) {
      const player = await named('twice');
      const started = (
        await post(player, '/api/payments/subscribe', {
          paymentMethodId: AIRTIME,
          subscriptionPackageId: packageId('Bronze'),
          mpesaPhoneNumber: phone,
        })
      ).json().payload as PaymentIntent;
      expect((await settled(player, started.id)).status).toBe('COMPLETED');
      await t.sandbox.settled();
      const list = await subscriptionsOf(player);
      expect(list).toHaveLength(1);
      const hours = (Date.parse(list[0]?.expiresAt ?? '') - Date.parse(list[0]?.startsAt ?? '')) / 3_600_000;
      expect(hours).toBe(24);
    }
    await expectLedgerSound();
  });

  it('the airtime result URL refuses a bad secret (404) and a bad signature (401)', async () => {
    const body = JSON.stringify({
      chargeId: 'CB_x',
      reference: randomUUID(),
      msisdn: '254712345678',
      amount: 10,
      resultCode: 0,
      resultDesc: 'ok',
      completedAt: new Date().toISOString(),
    });
    const send = (secret: string, signature?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/payments/callbacks/airtime/${secret}`,
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'x-safaricom-signature': signature } : {}),
        },
        payload: body,
      });
    expect(
      (await send('wrong-secret', signCallbackBody(body, t.config.airtime.consumerSecret))).statusCode,
    ).toBe(404);
    expect((await send(t.config.mpesaCallbackSecret)).statusCode).toBe(401);
    expect(
      (await send(t.config.mpesaCallbackSecret, signCallbackBody(body, 'another-secret'))).statusCode,
    ).toBe(401);
    // Signed and well formed, but for no payment of ours: acknowledged, nothing moves.
    expect(
      (await send(t.config.mpesaCallbackSecret, signCallbackBody(body, t.config.airtime.consumerSecret)))
        .statusCode,
    ).toBe(200);
  });

  it('Gold by M-Pesa and Platinum by card: active once paid', async () => {
    const player = await named('gold');
    const gold = (
      await post(player, '/api/payments/subscribe', {
        paymentMethodId: MPESA,
        subscriptionPackageId: packageId('Gold'),
        mpesaPhoneNumber: '0712345678',
      })
    ).json().payload as PaymentIntent;
    expect((await settled(player, gold.id)).status).toBe('COMPLETED');
    const platinum = (
      await post(player, '/api/payments/subscribe', {
        paymentMethodId: CARD,
        subscriptionPackageId: packageId('Platinum'),
      })
    ).json().payload as PaymentIntent;
    expect(platinum).toMatchObject({ type: 'SUBSCRIPTION', amount: 100 });
    await browserReturn(await payOnCheckout(platinum.txGwSessionUrl ?? '', '4242 4242 4242 4242'));
    expect((await intent(player, platinum.id)).status).toBe('COMPLETED');
    const list = await subscriptionsOf(player);
    expect(list.map((s) => [s.subscriptionPackage.name, s.expired])).toEqual([
      ['Gold', false],
      ['Platinum', false],
    ]);
    await expectLedgerSound();
  });

  it('M-Pesa subscription needs a phone', async () => {
    const player = await named('nophone');
    const response = await post(player, '/api/payments/subscribe', {
      paymentMethodId: MPESA,
      subscriptionPackageId: packageId('Gold'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().statusMessage).toBe('Enter your phone');
  });
});
