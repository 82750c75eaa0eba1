import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntents, unmatchedMpesaCallbacks } from '../../src/modules/payments/schema.ts';
import { type PaymentService, STK_CALLBACK_JOB } from '../../src/modules/payments/service.ts';
import type { WalletService } from '../../src/modules/wallet/service.ts';
import { DarajaError } from '../../src/platform/daraja/client.ts';
import { type JobQueue, RunAgainLater } from '../../src/platform/jobs/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { runJobsNow } from '../support/jobs.ts';
import { createTestPaymentService, failingWhile } from '../support/payment-service.ts';
import { recordingDaraja, stkCallbackBody } from '../support/payments.ts';
import { signUpPlayer } from '../support/players.ts';

// An STK push whose answer never reached us: the outcome is unknown, never shown as a failure, and
// the callback that may still come is kept and matched by phone and amount.
let t: TestApp;
let wallet: WalletService;
let payments: PaymentService;
let queue: JobQueue;
const daraja = recordingDaraja();
let stkFailure: DarajaError | null = null;

beforeAll(async () => {
  t = await createTestApp();
  ({ payments, queue, wallet } = await createTestPaymentService(t, {
    daraja: failingWhile(daraja.client, 'stkPush', () => stkFailure),
  }));
});
afterAll(() => t.close());

const waiting = 'We are waiting for M-Pesa to confirm this payment.';
const player = () => ({ uid: `player-${randomUUID()}`, email: undefined });
const newPhone = () => `2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function unknownTopUp(who: { uid: string }, amount: number, phone: string) {
  stkFailure = new DarajaError('M-Pesa could not be reached: timed out', 0, null);
  try {
    return await payments.topUp(
      { uid: who.uid, email: undefined },
      { paymentMethodId: 2, amount, mpesaPhoneNumber: phone },
    );
  } finally {
    stkFailure = null;
  }
}

/** The callback of a push we never heard back about: its checkout id is new to us. */
const strayCallback = (amount: number, phone: string, receipt = `R${randomUUID().slice(0, 9)}`) =>
  stkCallbackBody({
    merchantRequestId: `mr-${randomUUID()}`,
    checkoutRequestId: `ws_CO_${randomUUID()}`,
    resultCode: 0,
    amount,
    receipt,
    phone,
  });

const kept = async (checkoutRequestId: string) =>
  (
    await t.database.db
      .select()
      .from(unmatchedMpesaCallbacks)
      .where(eq(unmatchedMpesaCallbacks.checkoutRequestId, checkoutRequestId))
  )[0];

describe('an STK push whose outcome is unknown', () => {
  it('stays IN_PROGRESS with a waiting message on a timeout, a network error or a 5xx', async () => {
    for (const failure of [
      new DarajaError('M-Pesa could not be reached: timed out', 0, null),
      new DarajaError('M-Pesa could not be reached: fetch failed', 0, null),
      new DarajaError('Service Unavailable', 503, null),
      new DarajaError('Internal Server Error', 500, '500.001.1001'),
    ]) {
      stkFailure = failure;
      const intent = await payments.topUp(player(), {
        paymentMethodId: 2,
        amount: 50,
        mpesaPhoneNumber: newPhone(),
      });
      stkFailure = null;
      expect(intent, failure.message).toMatchObject({ status: 'IN_PROGRESS', message: waiting });
    }
  });

  it('fails only on a clear refusal: a 4xx with Daraja’s error body', async () => {
    stkFailure = new DarajaError('Invalid PhoneNumber', 400, '400.002.02');
    const intent = await payments.topUp(player(), {
      paymentMethodId: 2,
      amount: 50,
      mpesaPhoneNumber: newPhone(),
    });
    stkFailure = null;
    expect(intent).toMatchObject({
      status: 'ERROR',
      message: 'M-Pesa could not complete this payment. Please try again.',
    });
  });

  it('keeps a callback no intent knows, then credits the one open top-up with its phone and amount', async () => {
    const who = player();
    const phone = newPhone();
    const intent = await unknownTopUp(who, 120, phone);
    const body = strayCallback(120, phone);
    const checkoutRequestId = body.Body.stkCallback.CheckoutRequestID;

    await payments.handleCallback('stk', body);
    // The evidence is stored before Daraja hears "Accepted".
    expect(await kept(checkoutRequestId)).toMatchObject({ status: 'OPEN', amountCents: 12_000n, phone });

    await runJobsNow(t.database.db, queue, STK_CALLBACK_JOB);
    expect(await payments.intentOf(who, intent.id)).toMatchObject({ status: 'COMPLETED', message: null });
    expect(await wallet.balanceOf(who.uid)).toBe(12_000n);
    expect(await kept(checkoutRequestId)).toMatchObject({ status: 'MATCHED', intentId: intent.id });

    // Delivered again: applied once.
    await payments.handleCallback('stk', body);
    await runJobsNow(t.database.db, queue, STK_CALLBACK_JOB);
    expect(await wallet.balanceOf(who.uid)).toBe(12_000n);
    expect(await wallet.countEntries(intent.id, 'TOPUP')).toBe(1);
  });

  it('matches a stray callback to an M-Pesa boost whose push timed out: the friend is credited once', async () => {
    const payer = player();
    const friend = await signUpPlayer(t.app);
    const phone = newPhone();
    stkFailure = new DarajaError('M-Pesa could not be reached: timed out', 0, null);
    const intent = await payments
      .topUp(payer, { paymentMethodId: 2, amount: 75, mpesaPhoneNumber: phone, userId: friend.uid })
      .finally(() => {
        stkFailure = null;
      });
    expect(intent).toMatchObject({ type: 'BOOST', status: 'IN_PROGRESS', message: waiting });
    const body = strayCallback(75, phone);
    await payments.handleCallback('stk', body);
    await runJobsNow(t.database.db, queue, STK_CALLBACK_JOB);
    await payments.handleCallback('stk', body);
    await runJobsNow(t.database.db, queue, STK_CALLBACK_JOB);
    expect((await payments.intentOf(payer, intent.id)).status).toBe('COMPLETED');
    expect(await wallet.balanceOf(friend.uid)).toBe(7_500n);
    expect(await wallet.countEntries(intent.id, 'BOOST')).toBe(1);
  });

  it('leaves a callback two top-ups could own, or none, to an operator, and keeps it', async () => {
    const phone = newPhone();
    const [a, b] = [player(), player()];
    const first = await unknownTopUp(a, 75, phone);
    // The first push timed out three minutes ago: its prompt has ended, so the phone takes another.
    await t.database.db
      .update(paymentIntents)
      .set({ createdAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(paymentIntents.id, first.id));
    const second = await unknownTopUp(b, 75, phone);
    const ambiguous = strayCallback(75, phone);
    const nobody = strayCallback(9_999, newPhone());
    await payments.handleCallback('stk', ambiguous);
    await payments.handleCallback('stk', nobody);

    await runJobsNow(t.database.db, queue, STK_CALLBACK_JOB);
    for (const body of [ambiguous, nobody])
      expect((await kept(body.Body.stkCallback.CheckoutRequestID))?.status).toBe('OPEN');

    // After its last attempt it stops, kept for a person to decide.
    await runJobsNow(t.database.db, queue, STK_CALLBACK_JOB, { attempts: 10 });
    for (const body of [ambiguous, nobody])
      expect(await kept(body.Body.stkCallback.CheckoutRequestID)).toMatchObject({
        status: 'OPERATOR',
        intentId: null,
      });
    expect((await payments.intentOf(a, first.id)).status).toBe('IN_PROGRESS');
    expect((await payments.intentOf(b, second.id)).status).toBe('IN_PROGRESS');
    expect(await wallet.balanceOf(a.uid)).toBe(0n);
    expect(await wallet.balanceOf(b.uid)).toBe(0n);
  });

  it('does not match a top-up started more than 15 minutes before the callback', async () => {
    const who = player();
    const phone = newPhone();
    const intent = await unknownTopUp(who, 60, phone);
    await t.database.db.execute(
      sql`update payment_intents set created_at = now() - interval '16 minutes' where id = ${intent.id}`,
    );
    const body = strayCallback(60, phone);
    await payments.handleCallback('stk', body);
    await runJobsNow(t.database.db, queue, STK_CALLBACK_JOB);
    expect((await payments.intentOf(who, intent.id)).status).toBe('IN_PROGRESS');
    expect((await kept(body.Body.stkCallback.CheckoutRequestID))?.status).toBe('OPEN');
  });

  it('reconciliation waits for a callback, then after STK_UNKNOWN_GIVE_UP_MS stops but leaves it open', async () => {
    const who = player();
    const intent = await unknownTopUp(who, 40, newPhone());
    await expect(payments.reconcileNow(intent.id)).rejects.toBeInstanceOf(RunAgainLater);
    expect((await payments.intentOf(who, intent.id)).status).toBe('IN_PROGRESS');

    await t.database.db.execute(
      sql`update payment_intents set created_at = now() - interval '25 hours' where id = ${intent.id}`,
    );
    await expect(payments.reconcileNow(intent.id)).resolves.toBeUndefined();
    expect(await payments.intentOf(who, intent.id)).toMatchObject({
      status: 'IN_PROGRESS',
      message: waiting,
    });
  });
});
