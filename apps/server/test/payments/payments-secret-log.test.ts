import type { SubscriptionPackage } from '@playon/shared/subscriptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/platform/logger.ts';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { playerApi } from '../support/player-api.ts';
import { signUpPlayer } from '../support/players.ts';

// The callback secret is the only thing standing between a forger and our callback URLs (ADR 0009):
// whoever reads the log must never find it, whatever the level.
const lines: string[] = [];
let t: PaymentsTestApp;
beforeAll(async () => {
  t = await createPaymentsTestApp(
    { LOG_LEVEL: 'trace' },
    { logStream: { write: (line) => lines.push(line) } },
  );
});
afterAll(() => t.close());

const { post, get, final } = playerApi(() => t.app);

describe('the callback secret in the log', () => {
  it('never appears in any log line of real M-Pesa and airtime callbacks, at trace level', async () => {
    const player = await signUpPlayer(t.app);
    const payments = [
      // STK callback, then B2C result, then a Transaction Status result (the B2C result is never sent).
      await post(player, '/api/payments/top-up', {
        paymentMethodId: 2,
        amount: 900,
        mpesaPhoneNumber: '0712345678',
      }),
    ];
    expect((await final(player, payments[0]?.json().payload.id)).status).toBe('COMPLETED');
    payments.push(
      await post(player, '/api/wallets/withdraw', {
        paymentMethodId: 2,
        amount: 100,
        mpesaPhoneNumber: '0712345678',
      }),
      await post(player, '/api/wallets/withdraw', {
        paymentMethodId: 2,
        amount: 100,
        mpesaPhoneNumber: '0700000005',
      }),
    );
    const packages = (await get(player, '/api/subscription-packages/list')).json()
      .payload as SubscriptionPackage[];
    const bronze = packages.find((p) => p.name === 'Bronze');
    payments.push(
      await post(player, '/api/payments/subscribe', {
        paymentMethodId: 4,
        subscriptionPackageId: bronze?.id,
        mpesaPhoneNumber: '0712345678',
      }),
    );
    for (const response of payments) {
      expect(response.statusCode, response.body).toBe(200);
      expect((await final(player, response.json().payload.id)).status).toBe('COMPLETED');
    }
    // A forger's guess is logged, redacted too.
    const guess = await t.app.inject({
      method: 'POST',
      url: '/api/payments/callbacks/mpesa/not-the-secret/stk',
      payload: {},
    });
    expect(guess.statusCode).toBe(404);

    const log = lines.join('');
    for (const path of ['stk/[redacted]', 'payout/[redacted]/result', 'payout-status/[redacted]/result']) {
      expect(log).toContain(`/api/payments/callbacks/${path}`);
    }
    expect(log).toContain('/api/payments/callbacks/mpesa/[redacted]/stk');
    expect(log).toContain('/api/payments/callbacks/airtime/[redacted]');
    expect(log).not.toContain(t.config.mpesaCallbackSecret);
    expect(log).not.toContain('not-the-secret');
  });

  it('redacts the secret of a callback URL the sandbox could not deliver to', () => {
    const target = `http://127.0.0.1:3000/api/payments/callbacks/mpesa/${t.config.mpesaCallbackSecret}/b2c/result`;
    expect(redactUrl(target)).toBe(
      'http://127.0.0.1:3000/api/payments/callbacks/mpesa/[redacted]/b2c/result',
    );
    expect(redactUrl(`/api/payments/callbacks/payout-status/${t.config.mpesaCallbackSecret}/result`)).toBe(
      '/api/payments/callbacks/payout-status/[redacted]/result',
    );
    expect(redactUrl(`/api/payments/callbacks/stk/${t.config.mpesaCallbackSecret}`)).toBe(
      '/api/payments/callbacks/stk/[redacted]',
    );
    expect(redactUrl(`/api/payments/callbacks/airtime/${t.config.mpesaCallbackSecret}?x=1`)).toBe(
      '/api/payments/callbacks/airtime/[redacted]?x=1',
    );
  });
});
