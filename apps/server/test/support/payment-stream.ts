import type { SubscriptionPackage } from '@playon/shared/subscriptions';
import { expect } from 'vitest';
import type { PaymentsTestApp } from './app.ts';
import { METHOD, moneyApi } from './money.ts';
import type { TestPlayer } from './players.ts';

let phones = 0;
/** A phone of its own for each prompt: one prompt may wait on a phone at a time. */
export const newPhone = () => `0711${String(++phones).padStart(6, '0')}`;

/**
 * Players paying without pause, each kind of payment in turn (M-Pesa top-up, withdrawal, wallet and
 * M-Pesa boost of the next player, wallet and airtime subscription), each started and never waited
 * for, until `stop()`: the sandboxes' callbacks are always on their way. Each player needs money in
 * the wallet first; the app needs its payment limits raised.
 */
export async function startPaymentStream(t: PaymentsTestApp, players: TestPlayer[]) {
  const money = moneyApi(t);
  const packages = (await money.get('/api/subscription-packages/list', players[0])).json()
    .payload as SubscriptionPackage[];
  const bronze = packages.find((p) => p.name === 'Bronze')?.id;
  const kinds: ((player: TestPlayer, friend: TestPlayer) => ReturnType<typeof money.post>)[] = [
    (player) =>
      money.post('/api/payments/top-up', player, {
        paymentMethodId: METHOD.MPESA,
        amount: 25,
        mpesaPhoneNumber: newPhone(),
      }),
    (player) =>
      money.post('/api/wallets/withdraw', player, {
        paymentMethodId: METHOD.MPESA,
        amount: 12,
        mpesaPhoneNumber: '0712345678',
      }),
    (player, friend) =>
      money.post('/api/payments/top-up', player, {
        paymentMethodId: METHOD.WALLET,
        amount: 5,
        userId: friend.uid,
      }),
    (player, friend) =>
      money.post('/api/payments/top-up', player, {
        paymentMethodId: METHOD.MPESA,
        amount: 15,
        mpesaPhoneNumber: newPhone(),
        userId: friend.uid,
      }),
    (player) =>
      money.post('/api/payments/subscribe', player, {
        paymentMethodId: METHOD.WALLET,
        subscriptionPackageId: bronze,
      }),
    (player) =>
      money.post('/api/payments/subscribe', player, {
        paymentMethodId: METHOD.AIRTIME,
        subscriptionPackageId: bronze,
        mpesaPhoneNumber: newPhone(),
      }),
  ];

  let streaming = true;
  let started = 0;
  let failure: unknown;
  const streams = players.map(async (player, n) => {
    const friend = players[(n + 1) % players.length] as TestPlayer;
    try {
      for (let turn = n; streaming; turn++) {
        const response = await kinds[turn % kinds.length]?.(player, friend);
        expect(response?.statusCode, response?.body).toBe(200);
        started++;
      }
    } catch (error) {
      failure ??= error;
      streaming = false;
    }
  });
  return {
    /** Payments started so far. */
    started: () => started,
    /** Starts no more; resolves once the last one started has been answered, throws if one was refused. */
    async stop() {
      streaming = false;
      await Promise.all(streams);
      if (failure) throw failure;
    },
  };
}
