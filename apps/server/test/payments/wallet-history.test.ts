import { randomUUID } from 'node:crypto';
import type { PaymentIntent } from '@playon/shared/payments';
import type { SubscriptionPackage } from '@playon/shared/subscriptions';
import { isShownInHistory, type WalletTransaction } from '@playon/shared/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { eventually } from '../support/payments.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

// The wallet's history as a player reads it: what each row did to the balance, so the
// rows add up to it. Reconciliation waits a minute here, so a payout whose result never comes stays
// on its way for as long as the test looks at it.
let t: PaymentsTestApp;
let packages: SubscriptionPackage[];
beforeAll(async () => {
  t = await createPaymentsTestApp({
    RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000',
    PAYMENT_PROMPTS_PER_PHONE_PER_HOUR: '1000',
    RECONCILE_AFTER_MS: '60000',
  });
  packages = (await get(await signUpPlayer(t.app), '/api/subscription-packages/list')).json().payload;
});
afterAll(() => t.close());

const [WALLET, MPESA, CARD, AIRTIME] = [1, 2, 3, 4];
const PHONE = '0712345678';
/** The sandbox pays this phone out but never sends the result. */
const PAYOUT_RESULT_LOST = '0700000005';
/** The sandbox refuses a payout to this phone. */
const PAYOUT_REFUSED = '0700000002';

const post = (player: TestPlayer, url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(player.token), 'idempotency-key': randomUUID() },
    payload,
  });
const get = (player: TestPlayer, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(player.token) });
const history = async (player: TestPlayer) =>
  (await get(player, '/api/wallets/list')).json().payload as WalletTransaction[];
const balance = async (player: TestPlayer) =>
  (await get(player, '/api/wallets/balance')).json().payload.balance as number;
const packageId = (name: string) => packages.find((p) => p.name === name)?.id ?? -1;

async function started(response: Awaited<ReturnType<typeof post>>): Promise<PaymentIntent> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload as PaymentIntent;
}
const status = async (player: TestPlayer, id: string) =>
  ((await get(player, `/api/payments/${id}`)).json().payload as PaymentIntent).status;
const ended = (player: TestPlayer, id: string) =>
  eventually(
    () => status(player, id),
    (s) => ['COMPLETED', 'ERROR', 'CANCELLED'].includes(s),
  );

/** Pays the sandbox card checkout with a card that succeeds, and follows the way back. */
async function payByCard(intent: PaymentIntent) {
  const paid = await fetch(intent.txGwSessionUrl ?? '', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' }),
    redirect: 'manual',
  });
  const back = new URL(paid.headers.get('location') ?? '');
  await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
}

/** A top-up from M-Pesa, paid: its intent. */
async function toppedUp(player: TestPlayer, amount: number): Promise<PaymentIntent> {
  const intent = await started(
    await post(player, '/api/payments/top-up', { paymentMethodId: MPESA, amount, mpesaPhoneNumber: PHONE }),
  );
  expect(await ended(player, intent.id)).toBe('COMPLETED');
  return intent;
}

/** What the shown rows did to the wallet, signed: the sum a player checks against the balance. */
const walletSum = (rows: WalletTransaction[]) =>
  rows
    .filter((row) => isShownInHistory(row) && row.walletEffect !== 'NONE')
    .reduce((sum, row) => sum + (row.direction === 'CREDIT' ? row.amount : -row.amount), 0);

describe('the wallet history', () => {
  it('tells wallet movements from payments made by M-Pesa, card or airtime, and adds up to the balance', async () => {
    const player = await signUpPlayer(t.app);
    const friend = await signUpPlayer(t.app);
    const topUp = await toppedUp(player, 1000);

    const subscribe = (paymentMethodId: number, name: string) =>
      post(player, '/api/payments/subscribe', {
        paymentMethodId,
        subscriptionPackageId: packageId(name),
        mpesaPhoneNumber: PHONE,
      });
    const bronze = await started(await subscribe(AIRTIME, 'Bronze'));
    const gold = await started(await subscribe(MPESA, 'Gold'));
    const platinum = await started(await subscribe(CARD, 'Platinum'));
    await payByCard(platinum);
    const silver = await started(await subscribe(WALLET, 'Silver'));
    const boostByWallet = await started(
      await post(player, '/api/payments/top-up', {
        paymentMethodId: WALLET,
        amount: 100,
        userId: friend.uid,
      }),
    );
    const boostByCard = await started(
      await post(player, '/api/payments/top-up', { paymentMethodId: CARD, amount: 40, userId: friend.uid }),
    );
    await payByCard(boostByCard);
    for (const id of [bronze.id, gold.id, platinum.id, boostByCard.id]) {
      expect(await ended(player, id)).toBe('COMPLETED');
    }

    const rows = new Map((await history(player)).map((row) => [row.id, row]));
    const effect = (id: string) => {
      const row = rows.get(id);
      return [row?.walletEffect, row?.paidWith, row?.direction, row?.amount];
    };
    expect(effect(topUp.id)).toEqual(['MOVES', null, 'CREDIT', 1000]);
    expect(effect(bronze.id)).toEqual(['NONE', 'SAFARICOM_CREDIT', 'DEBIT', 10]);
    expect(effect(gold.id)).toEqual(['NONE', 'MPESA', 'DEBIT', 50]);
    expect(effect(platinum.id)).toEqual(['NONE', 'CARD', 'DEBIT', 100]);
    expect(effect(silver.id)).toEqual(['MOVES', null, 'DEBIT', 20]);
    expect(effect(boostByWallet.id)).toEqual(['MOVES', null, 'DEBIT', 100]);
    expect(effect(boostByCard.id)).toEqual(['NONE', 'CARD', 'DEBIT', 40]);
    // The friend's wallet received both boosts, however the payer paid.
    const received = await history(friend);
    expect(received.map((row) => [row.walletEffect, row.paidWith, row.direction])).toEqual([
      ['MOVES', null, 'CREDIT'],
      ['MOVES', null, 'CREDIT'],
    ]);
    expect(walletSum(received)).toBe(await balance(friend));

    expect(await balance(player)).toBe(1000 - 20 - 100);
    expect(walletSum(await history(player))).toBe(await balance(player));
  });

  it('describes each row in the language the reader asks for, the English by default', async () => {
    const player = await signUpPlayer(t.app);
    const friend = await signUpPlayer(t.app);
    const topUp = await toppedUp(player, 300);
    const gold = await started(
      await post(player, '/api/payments/subscribe', {
        paymentMethodId: MPESA,
        subscriptionPackageId: packageId('Gold'),
        mpesaPhoneNumber: PHONE,
      }),
    );
    expect(await ended(player, gold.id)).toBe('COMPLETED');
    const boost = await started(
      await post(player, '/api/payments/top-up', { paymentMethodId: WALLET, amount: 50, userId: friend.uid }),
    );
    const said = async (reader: TestPlayer, language?: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/wallets/list',
        headers: { ...bearer(reader.token), ...(language ? { 'accept-language': language } : {}) },
      });
      expect(response.headers.vary).toMatch(/Accept-Language/);
      const rows = response.json().payload as WalletTransaction[];
      return Object.fromEntries(rows.map((row) => [row.id, row.transactionDesc]));
    };

    expect(await said(player)).toEqual({
      [topUp.id]: 'Top up from M-Pesa',
      [gold.id]: 'Gold package from M-Pesa',
      [boost.id]: 'Boost to a friend',
    });
    expect(await said(player, 'sw-KE,sw;q=0.9,en;q=0.5')).toEqual({
      [topUp.id]: 'Kuweka pesa kutoka M-Pesa',
      [gold.id]: 'Kifurushi cha Gold kwa M-Pesa',
      [boost.id]: 'Umemwongezea rafiki pesa',
    });
    expect(await said(friend, 'sw')).toEqual({ [boost.id]: 'Umeongezewa pesa na rafiki' });
  });

  it('shows a withdrawal on its way as held from the balance, then as moved once paid out; a refused one nets to nothing', async () => {
    const player = await signUpPlayer(t.app);
    await toppedUp(player, 1000);
    const withdraw = (amount: number, phone: string) =>
      post(player, '/api/wallets/withdraw', { paymentMethodId: MPESA, amount, mpesaPhoneNumber: phone });

    const paidOut = await started(await withdraw(200, PHONE));
    expect(await ended(player, paidOut.id)).toBe('COMPLETED');
    const refused = await started(await withdraw(150, PAYOUT_REFUSED));
    expect(await ended(player, refused.id)).toBe('ERROR');
    const onItsWay = await started(await withdraw(100, PAYOUT_RESULT_LOST));
    await t.sandbox.settled();

    const rows = await history(player);
    const row = (id: string) => rows.find((r) => r.id === id);
    expect(row(paidOut.id)).toMatchObject({
      walletEffect: 'MOVES',
      paidWith: null,
      amount: 200 + paidOut.fee,
      fee: paidOut.fee,
      transactionDesc: 'Withdrawal to M-Pesa',
    });
    expect(row(onItsWay.id)).toMatchObject({ walletEffect: 'HELD', amount: 100 + onItsWay.fee });
    expect(isShownInHistory(row(onItsWay.id) as WalletTransaction)).toBe(true);
    expect([row(refused.id), row(`${refused.id}-reversal`)].map((r) => r && isShownInHistory(r))).toEqual([
      false,
      false,
    ]);
    expect(await balance(player)).toBe(1000 - 200 - paidOut.fee - 100 - onItsWay.fee);
    expect(walletSum(rows)).toBe(await balance(player));
  });
});
