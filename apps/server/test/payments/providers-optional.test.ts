import { randomUUID } from 'node:crypto';
import type { SubscriptionPackage } from '@playon/shared/subscriptions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntents } from '../../src/modules/payments/schema.ts';
import { createTestAppAsConfigured } from '../support/app.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { newVapidKeys } from '../support/vapid.ts';

// Each payment provider is optional in production (ADR 0077): a server given Daraja's and the card
// gateway's settings, and no airtime settings, starts without any sandbox and does not offer airtime.
const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://playon.example',
  // The test's own database replaces it; production requires one to be named.
  DATABASE_URL: 'postgres://db.internal/playon',
  MPESA_CALLBACK_SECRET: 'mpesa-callback-secret-0123456789abcdef',
  ...newVapidKeys(),
  DARAJA_BASE_URL: 'https://daraja.invalid',
  DARAJA_CONSUMER_KEY: 'daraja-consumer-key-5521',
  DARAJA_CONSUMER_SECRET: 'daraja-consumer-secret-8812',
  DARAJA_SHORTCODE: '123456',
  DARAJA_PASSKEY: 'daraja-passkey-7781',
  DARAJA_B2C_SHORTCODE: '654321',
  DARAJA_INITIATOR_NAME: 'playon-operator',
  DARAJA_SECURITY_CREDENTIAL: 'daraja-security-credential-4410',
  PAYSTACK_SECRET_KEY: 'sk_live_paystack0secret0key0991',
  PAYSTACK_BASE_URL: 'https://paystack.invalid',
  GOOGLE_CLIENT_ID: 'google-client.apps.example',
  GOOGLE_CLIENT_SECRET: 'google-client-secret-1180',
  FACEBOOK_CLIENT_ID: '4455667788',
  FACEBOOK_CLIENT_SECRET: 'facebook-client-secret-2291',
  SMTP_URL: 'smtp://mailer:smtp-password-5150@smtp.invalid:587',
};

let t: Awaited<ReturnType<typeof createTestAppAsConfigured>>;
let player: TestPlayer;
beforeAll(async () => {
  t = await createTestAppAsConfigured(production);
  player = await signUpPlayer(t.app);
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(player.token) });

describe('a production server with Daraja and the card gateway only', () => {
  it('starts with no sandbox and no airtime', () => {
    expect(t.config.sandbox.on).toBe(false);
    expect(t.config.airtime).toBeUndefined();
    expect(t.config.paystack?.sandbox).toBe(false);
  });

  it('lists Safaricom airtime as not available, as PayPal is, and every other method as before', async () => {
    const response = await get('/api/payment-methods/list');
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toEqual([
      { id: 1, code: 'WALLET', name: 'Wallet', available: true },
      { id: 2, code: 'MPESA', name: 'M-Pesa', available: true },
      { id: 3, code: 'CARD', name: 'Card', available: true },
      { id: 4, code: 'SAFARICOM_CREDIT', name: 'Safaricom airtime', available: false },
      { id: 5, code: 'PAYPAL', name: 'PayPal', available: false },
    ]);
  });

  it("refuses a Bronze subscription by airtime with the product's words for a method not offered", async () => {
    const packages = (await get('/api/subscription-packages/list')).json().payload as SubscriptionPackage[];
    const bronze = packages.find((found) => found.name === 'Bronze');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/subscribe',
      headers: { ...bearer(player.token), 'idempotency-key': randomUUID() },
      payload: { paymentMethodId: 4, subscriptionPackageId: bronze?.id, mpesaPhoneNumber: '0712345678' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().statusMessage).toBe(
      'Safaricom airtime coming soon. Please choose another method.',
    );
    // Nothing was recorded: no intent, nothing for reconciliation to ask about.
    const recorded = await t.database.db
      .select({ id: paymentIntents.id })
      .from(paymentIntents)
      .where(eq(paymentIntents.playerUid, player.uid));
    expect(recorded).toEqual([]);
  });

  it("answers no airtime result (its route is not there) and keeps the card gateway's webhook", async () => {
    const airtime = await t.app.inject({
      method: 'POST',
      url: `/api/payments/callbacks/airtime/${production.MPESA_CALLBACK_SECRET}`,
      payload: {},
    });
    expect(airtime.statusCode).toBe(404);
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/payments/callbacks/card',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'forged' },
      payload: '{}',
    });
    expect(card.statusCode).toBe(401);
    for (const url of ['/sandbox/airtime', '/sandbox/paystack', '/sandbox/daraja']) {
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode, url).toBe(
        404,
      );
    }
  });
});
