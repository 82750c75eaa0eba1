import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentService } from '../../src/modules/payments/service.ts';
import type { WalletService } from '../../src/modules/wallet/service.ts';
import { RunAgainLater } from '../../src/platform/jobs/index.ts';
import { PaystackError, TRANSACTION_NOT_FOUND } from '../../src/platform/paystack/client.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createTestPaymentService, providerOn } from '../support/payment-service.ts';
import { recordingPaystack } from '../support/payments.ts';

// A card gateway that cannot be reached, or refuses: the outcome of a card payment is never
// guessed. The happy paths run against the real sandbox in payments-methods.test.ts.
let t: TestApp;
let wallet: WalletService;
let payments: PaymentService;
const gateway = recordingPaystack();
let initializeFailure: PaystackError | null = null;
let verifyFailure: PaystackError | null = null;

beforeAll(async () => {
  t = await createTestApp();
  ({ payments, wallet } = await createTestPaymentService(t, {
    paystack: {
      ...gateway.client,
      initializeTransaction: (input) =>
        initializeFailure ? Promise.reject(initializeFailure) : gateway.client.initializeTransaction(input),
      verifyTransaction: (reference) =>
        verifyFailure ? Promise.reject(verifyFailure) : gateway.client.verifyTransaction(reference),
    },
  }));
});
afterAll(() => t.close());

const player = () => ({ uid: `player-${randomUUID()}`, email: 'card@example.com' });
const unreachable = () => new PaystackError('The card gateway could not be reached: timed out', 0, null);
const reconcile = (id: string) =>
  payments.reconcileNow(id).then(
    () => 'done',
    (error: unknown) => {
      if (error instanceof RunAgainLater) return 'again';
      throw error;
    },
  );

describe('card payments whose outcome is unknown', () => {
  it('an initialize that timed out is IN_PROGRESS, never failed; verify decides later', async () => {
    const who = player();
    initializeFailure = unreachable();
    const intent = await payments.topUp(who, { paymentMethodId: 3, amount: 120 });
    initializeFailure = null;
    expect(intent).toMatchObject({
      status: 'IN_PROGRESS',
      message: 'We are waiting for the card payment to be confirmed.',
    });
    expect(intent.txGwSessionUrl).toBeUndefined();

    // The gateway is still unreachable when reconciliation asks: still unknown, asked again later.
    verifyFailure = unreachable();
    expect(await reconcile(intent.id)).toBe('again');
    expect((await payments.intentOf(who, intent.id)).status).toBe('IN_PROGRESS');
    verifyFailure = null;

    // The initialize had in fact reached the gateway and the player paid: verify completes it.
    gateway.outcomes.set(intent.id, { status: 'success', amountCents: 12_000 });
    expect(await reconcile(intent.id)).toBe('done');
    expect((await payments.intentOf(who, intent.id)).status).toBe('COMPLETED');
    expect(await wallet.balanceOf(who.uid)).toBe(12_000n);
  });

  it('an initialize that never reached the gateway ends in ERROR only once verify says so', async () => {
    const who = player();
    initializeFailure = unreachable();
    const intent = await payments.topUp(who, { paymentMethodId: 3, amount: 50 });
    initializeFailure = null;
    verifyFailure = new PaystackError('Transaction reference not found', 400, TRANSACTION_NOT_FOUND);
    expect(await reconcile(intent.id)).toBe('done');
    verifyFailure = null;
    expect(await payments.intentOf(who, intent.id)).toMatchObject({
      status: 'ERROR',
      message: 'The card payment could not be started. Please try again.',
    });
    expect(await wallet.balanceOf(who.uid)).toBe(0n);
  });

  it('a return while the gateway is unreachable changes nothing', async () => {
    const who = player();
    const intent = await payments.topUp(who, { paymentMethodId: 3, amount: 70 });
    expect(intent.txGwSessionUrl).toBe(`https://checkout.example/${intent.id}`);
    verifyFailure = unreachable();
    expect(await providerOn(payments.cardCallbacks).handleReturn(intent.id)).toBe(intent.id);
    verifyFailure = null;
    expect((await payments.intentOf(who, intent.id)).status).toBe('IN_PROGRESS');
    expect(await wallet.balanceOf(who.uid)).toBe(0n);
    expect(await providerOn(payments.cardCallbacks).handleReturn('not-ours')).toBeUndefined();
  });

  it('an initialize the gateway refuses is ERROR at once', async () => {
    const who = player();
    initializeFailure = new PaystackError('Invalid Email Address Passed', 400, null);
    const intent = await payments.topUp(who, { paymentMethodId: 3, amount: 30 });
    initializeFailure = null;
    expect(intent).toMatchObject({
      status: 'ERROR',
      message: 'The card payment could not be started. Please try again.',
    });
  });
});
