import { randomUUID } from 'node:crypto';
import type { OpsPayment, PaymentDetail, RefundRequest } from '@playon/shared/ops-money';
import type { PaymentIntent } from '@playon/shared/payments';
import type { SubscriptionPackage } from '@playon/shared/subscriptions';
import { expect } from 'vitest';
import type { PaymentsTestApp } from './app.ts';
import { eventually } from './payments.ts';
import { bearer, signUpPlayer, type TestPlayer } from './players.ts';

export const METHOD = { WALLET: 1, MPESA: 2, CARD: 3, AIRTIME: 4 } as const;

/**
 * The console's money area and the player's payments, driven as a finance operator and a player
 * would: through the API of the real app, whose sandboxes call it back.
 */
export function moneyApi(t: PaymentsTestApp) {
  const get = (url: string, who?: TestPlayer) =>
    t.app.inject({ method: 'GET', url, headers: who ? bearer(who.token) : {} });
  const post = (url: string, who: TestPlayer | undefined, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...(who ? bearer(who.token) : {}), 'idempotency-key': randomUUID() },
      payload,
    });

  const intentOf = async (player: TestPlayer, id: string) =>
    (await get(`/api/payments/${id}`, player)).json().payload as PaymentIntent;
  const settled = (player: TestPlayer, id: string) =>
    eventually(
      () => intentOf(player, id),
      (intent) => ['COMPLETED', 'ERROR', 'CANCELLED'].includes(intent.status),
    );

  async function started(player: TestPlayer, url: string, payload: object) {
    const response = await post(url, player, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().payload as PaymentIntent;
  }

  return {
    get,
    post,
    settled,
    intentOf,

    /** An M-Pesa top-up from `phone` (the sandbox's outcome follows it), once settled when it can be. */
    async mpesaTopUp(player: TestPlayer, amount: number, phone = '0712345678', wait = true) {
      const intent = await started(player, '/api/payments/top-up', {
        paymentMethodId: METHOD.MPESA,
        amount,
        mpesaPhoneNumber: phone,
      });
      return wait ? settled(player, intent.id) : intent;
    },

    /** A package bought by card on the sandbox checkout with `card`, the browser coming back. */
    async cardSubscription(player: TestPlayer, packageName: string, card = '4242 4242 4242 4242') {
      const packages = (await get('/api/subscription-packages/list', player)).json()
        .payload as SubscriptionPackage[];
      const pkg = packages.find((p) => p.name === packageName);
      if (!pkg) throw new Error(`no package ${packageName}`);
      const intent = await started(player, '/api/payments/subscribe', {
        paymentMethodId: METHOD.CARD,
        subscriptionPackageId: pkg.id,
      });
      const paid = await fetch(intent.txGwSessionUrl ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ cardNumber: card, expiry: '12/39', cvc: '123' }).toString(),
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      const back = new URL(paid.headers.get('location') ?? '');
      await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
      return { intent: await settled(player, intent.id), pkg };
    },

    /** Bronze by Safaricom airtime. */
    async airtimeBronze(player: TestPlayer, phone = '0712345678') {
      const packages = (await get('/api/subscription-packages/list', player)).json()
        .payload as SubscriptionPackage[];
      const bronze = packages.find((p) => p.name === 'Bronze');
      const intent = await started(player, '/api/payments/subscribe', {
        paymentMethodId: METHOD.AIRTIME,
        subscriptionPackageId: bronze?.id,
        mpesaPhoneNumber: phone,
      });
      return settled(player, intent.id);
    },

    async balance(player: TestPlayer) {
      return (await get('/api/wallets/balance', player)).json().payload.balance as number;
    },

    async detail(id: string, who: TestPlayer) {
      const response = await get(`/api/ops/money/payments/${id}`, who);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().payload as PaymentDetail;
    },

    refund(id: string, who: TestPlayer, body: RefundRequest) {
      return post(`/api/ops/money/payments/${id}/refund`, who, body);
    },

    async list(query: string, who: TestPlayer) {
      const response = await get(`/api/ops/money/payments?${query}`, who);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().payload as { items: OpsPayment[]; total: number };
    },

    newPlayer: () => signUpPlayer(t.app),
  };
}

/** Today in Nairobi, YYYY-MM-DD. */
export const nairobiToday = () => new Date(Date.now() + 3 * 60 * 60_000).toISOString().slice(0, 10);
