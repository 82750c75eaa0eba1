import type { PaymentDetail } from '@playon/shared/ops-money';
import type { PaymentIntent } from '@playon/shared/payments';
import type { SubscriptionPackage } from '@playon/shared/subscriptions';
import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { adminToken } from './operators.ts';
import { newPlayer, registerPlayer, type TestPlayer } from './players.ts';

/** A player of the money journeys: registered, signed in through the API on a device of their own. */
export async function payingPlayer(request: APIRequestContext) {
  const player: TestPlayer = newPlayer('Wanjiru');
  const uid = await registerPlayer(request, player);
  const device = await playwrightRequest.newContext({ baseURL });
  const signIn = await device.post('/api/auth/sign-in/email', {
    data: { email: player.email, password: player.password },
    headers: { Origin: baseURL },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const { token } = (await (await device.get('/api/auth/token')).json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const post = async <T>(path: string, data: object) => {
    const answer = await device.post(path, {
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
      data,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    return ((await answer.json()) as { payload: T }).payload;
  };
  const get = async <T>(path: string) =>
    ((await (await device.get(path, { headers })).json()) as { payload: T }).payload;
  return {
    ...player,
    uid,
    get,
    /** An M-Pesa top-up from `phone`, as the wallet's top-up screen starts it. */
    topUp: (amount: number, phone: string) =>
      post<PaymentIntent>('/api/payments/top-up', { paymentMethodId: 2, amount, mpesaPhoneNumber: phone }),
    /** A package bought by card on the card sandbox's checkout page, the browser coming back. */
    async buyByCard(packageName: string, card = '4242 4242 4242 4242') {
      const packages = await get<SubscriptionPackage[]>('/api/subscription-packages/list');
      const pkg = packages.find((p) => p.name === packageName);
      if (!pkg) throw new Error(`no package ${packageName}`);
      const intent = await post<PaymentIntent>('/api/payments/subscribe', {
        paymentMethodId: 3,
        subscriptionPackageId: pkg.id,
      });
      const paid = await device.post(intent.txGwSessionUrl ?? '', {
        form: { cardNumber: card, expiry: '12/39', cvc: '123' },
        maxRedirects: 0,
      });
      expect(paid.status()).toBe(303);
      const back = new URL(paid.headers().location ?? '');
      await device.get(`${back.pathname}${back.search}`, { maxRedirects: 0 });
      await expect
        .poll(async () => (await get<PaymentIntent>(`/api/payments/${intent.id}`)).status)
        .toBe('COMPLETED');
      return { intent, pkg };
    },
    balance: async () => (await get<{ balance: number }>('/api/wallets/balance')).balance,
    dispose: () => device.dispose(),
  };
}

/** A payment as the console reads it, through the demo admin's token. */
export async function consolePayment(request: APIRequestContext, id: string): Promise<PaymentDetail> {
  const answer = await request.get(`/api/ops/money/payments/${id}`, {
    headers: { Authorization: `Bearer ${await adminToken()}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { payload: PaymentDetail }).payload;
}
