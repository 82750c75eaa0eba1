import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentService, SEND_PAYOUT_JOB } from '../../src/modules/payments/service.ts';
import type { WalletService } from '../../src/modules/wallet/service.ts';
import { DarajaError } from '../../src/platform/daraja/client.ts';
import { type JobQueue, RunAgainLater } from '../../src/platform/jobs/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { runJobsNow } from '../support/jobs.ts';
import { createTestPaymentService, failingWhile } from '../support/payment-service.ts';
import { b2cResultBody, recordingDaraja, statusResultBody, stkCallbackBody } from '../support/payments.ts';

// The payment rules with a Daraja that misbehaves on purpose; the happy paths run against the real
// sandbox in payments.test.ts.
let t: TestApp;
let wallet: WalletService;
let payments: PaymentService;
let queue: JobQueue;
const daraja = recordingDaraja();
let b2cFailure: DarajaError | null = null;

beforeAll(async () => {
  t = await createTestApp();
  ({ payments, queue, wallet } = await createTestPaymentService(t, {
    daraja: failingWhile(daraja.client, 'b2cPayment', () => b2cFailure),
  }));
});
afterAll(() => t.close());

const player = () => ({ uid: `player-${randomUUID()}`, email: undefined });
const phone = '254712345678';

async function funded(kes: number) {
  const who = player();
  const intent = await payments.topUp(who, { paymentMethodId: 2, amount: kes, mpesaPhoneNumber: phone });
  const [checkoutRequestId, asked] = [...daraja.stk.entries()].at(-1) ?? [];
  if (!checkoutRequestId || !asked) throw new Error('no push recorded');
  await payments.handleCallback(
    'stk',
    stkCallbackBody({
      merchantRequestId: asked.merchantRequestId,
      checkoutRequestId,
      resultCode: 0,
      amount: kes,
      receipt: `R${randomUUID().slice(0, 9)}`,
      phone,
    }),
  );
  expect((await payments.intentOf(who, intent.id)).status).toBe('COMPLETED');
  return who;
}

describe('a B2C request whose fate is unknown', () => {
  it('keeps the money reserved and PENDING; reconciliation asks Transaction Status, sends again only once Daraja has none, and it settles once', async () => {
    const who = await funded(1000);
    b2cFailure = new DarajaError('fetch failed', 0, null);
    const intent = await payments.withdraw(who, { paymentMethodId: 2, amount: 500, mpesaPhoneNumber: phone });
    expect(intent.status).toBe('PENDING');
    await runJobsNow(t.database.db, queue, SEND_PAYOUT_JOB);
    b2cFailure = null;
    expect((await payments.intentOf(who, intent.id)).status).toBe('PENDING');
    expect(await wallet.balanceOf(who.uid)).toBe(49_500n); // 1000 - 500 - 5 fee

    // The request may have reached Daraja: its status is asked, nothing is sent.
    await expect(payments.reconcileNow(intent.id)).rejects.toBeInstanceOf(RunAgainLater);
    expect(daraja.b2c.has(intent.id)).toBe(false);
    const query = daraja.statusQueries.find((asked) => asked.originatorConversationId === intent.id);
    if (!query) throw new Error('Transaction Status not asked');
    await payments.handleCallback('status/result', statusResultBody(query.conversationId));

    await expect(payments.reconcileNow(intent.id)).rejects.toBeInstanceOf(RunAgainLater);
    expect((await payments.intentOf(who, intent.id)).status).toBe('IN_PROGRESS');
    const sent = daraja.b2c.get(intent.id);
    if (!sent) throw new Error('not sent again');
    const result = b2cResultBody({
      originatorConversationId: intent.id,
      conversationId: sent.conversationId,
      resultCode: 0,
      amount: 500,
      transactionId: `T${randomUUID().slice(0, 9)}`,
      phone,
    });
    await payments.handleCallback('b2c/result', result);
    await payments.handleCallback('b2c/result', result);
    expect((await payments.intentOf(who, intent.id)).status).toBe('COMPLETED');
    expect(await wallet.balanceOf(who.uid)).toBe(49_500n);
    expect(await wallet.countEntries(intent.id, 'WITHDRAWAL_SETTLE')).toBe(1);
  });

  it('gives the money back when Daraja refuses the request before processing it (400.002.02, 400.002.05)', async () => {
    for (const refusal of [
      new DarajaError('Bad Request - Invalid Amount', 400, '400.002.02'),
      new DarajaError('Bad Request - Invalid PartyB', 400, '400.002.05'),
    ]) {
      const who = await funded(300);
      b2cFailure = refusal;
      const intent = await payments.withdraw(who, {
        paymentMethodId: 2,
        amount: 100,
        mpesaPhoneNumber: phone,
      });
      await runJobsNow(t.database.db, queue, SEND_PAYOUT_JOB);
      b2cFailure = null;
      expect((await payments.intentOf(who, intent.id)).status).toBe('ERROR');
      expect(await wallet.balanceOf(who.uid)).toBe(30_000n);
    }
  });

  it('never fails nor sends again a payout Daraja may have (500.002.1001, a duplicate 400.002.02, an unknown code): it asks its status', async () => {
    for (const answer of [
      new DarajaError('Duplicate OriginatorConversationID', 500, '500.002.1001'),
      new DarajaError('Bad Request - Duplicate OriginatorConversationID', 400, '400.002.02'),
      new DarajaError('Something new', 403, '403.009.99'),
      new DarajaError('Internal Server Error', 500, '500.003.1001'),
    ]) {
      const who = await funded(300);
      b2cFailure = answer;
      const intent = await payments.withdraw(who, {
        paymentMethodId: 2,
        amount: 100,
        mpesaPhoneNumber: phone,
      });
      await runJobsNow(t.database.db, queue, SEND_PAYOUT_JOB);
      const asked = daraja.statusQueries.length;
      await expect(payments.reconcileNow(intent.id)).rejects.toBeInstanceOf(RunAgainLater);
      b2cFailure = null;
      expect(daraja.statusQueries.length, answer.code ?? '').toBe(asked + 1);
      expect(daraja.b2c.has(intent.id)).toBe(false);
      expect((await payments.intentOf(who, intent.id)).status).toBe('PENDING');
      expect(await wallet.balanceOf(who.uid)).toBe(20_000n);
    }
  });

  it('gives the money back at once when Daraja refuses the request', async () => {
    const who = await funded(300);
    b2cFailure = new DarajaError('Bad Request - Invalid PartyB', 400, '400.002.05');
    const intent = await payments.withdraw(who, { paymentMethodId: 2, amount: 100, mpesaPhoneNumber: phone });
    await runJobsNow(t.database.db, queue, SEND_PAYOUT_JOB);
    b2cFailure = null;
    expect(await payments.intentOf(who, intent.id)).toMatchObject({
      status: 'ERROR',
      message: 'M-Pesa could not complete this payment. Please try again.',
    });
    expect(await wallet.balanceOf(who.uid)).toBe(30_000n);
  });
});

describe('a withdrawal answers before its B2C request', () => {
  it('reserves and records a durable payout job; a worker started after a crash sends it, once', async () => {
    const who = await funded(400);
    const intent = await payments.withdraw(who, { paymentMethodId: 2, amount: 100, mpesaPhoneNumber: phone });
    expect(intent.status).toBe('PENDING');
    expect(daraja.b2c.has(intent.id)).toBe(false);
    expect(await wallet.balanceOf(who.uid)).toBe(30_000n);

    // The process that took the request died before sending: another one finds the job in the table.
    const { queue: restarted } = await createTestPaymentService(t, { wallet, daraja: daraja.client });
    expect(await runJobsNow(t.database.db, restarted, SEND_PAYOUT_JOB)).toBeGreaterThan(0);
    const sent = daraja.b2c.get(intent.id);
    expect(sent).toMatchObject({ amount: 100, phone });
    expect((await payments.intentOf(who, intent.id)).status).toBe('IN_PROGRESS');

    // Nothing left to send: a second worker finds no job, and a repeat of the job would change nothing.
    expect(await runJobsNow(t.database.db, queue, SEND_PAYOUT_JOB)).toBe(0);
    expect(daraja.b2c.get(intent.id)).toBe(sent);
    expect(await wallet.balanceOf(who.uid)).toBe(30_000n);
  });
});

describe('callbacks that do not match what we asked for', () => {
  it('credits nothing when the amount or the phone differs', async () => {
    const who = player();
    const intent = await payments.topUp(who, { paymentMethodId: 2, amount: 100, mpesaPhoneNumber: phone });
    const [checkoutRequestId, asked] = [...daraja.stk.entries()].at(-1) ?? [];
    if (!checkoutRequestId || !asked) throw new Error('no push recorded');
    const body = (over: { amount?: number; phone?: string; merchantRequestId?: string }) =>
      stkCallbackBody({
        merchantRequestId: over.merchantRequestId ?? asked.merchantRequestId,
        checkoutRequestId,
        resultCode: 0,
        amount: over.amount ?? 100,
        receipt: `R${randomUUID().slice(0, 9)}`,
        phone: over.phone ?? phone,
      });
    await payments.handleCallback('stk', body({ amount: 100_000 }));
    await payments.handleCallback('stk', body({ phone: '254799999999' }));
    await payments.handleCallback('stk', body({ merchantRequestId: 'someone-else' }));
    expect((await payments.intentOf(who, intent.id)).status).toBe('IN_PROGRESS');
    expect(await wallet.balanceOf(who.uid)).toBe(0n);
  });

  it('ignores a success that arrives after the player cancelled', async () => {
    // A phone of its own: the payment above is still open on the shared one.
    const phone = '254712345699';
    const who = player();
    const intent = await payments.topUp(who, { paymentMethodId: 2, amount: 100, mpesaPhoneNumber: phone });
    const [checkoutRequestId, asked] = [...daraja.stk.entries()].at(-1) ?? [];
    if (!checkoutRequestId || !asked) throw new Error('no push recorded');
    const ids = { merchantRequestId: asked.merchantRequestId, checkoutRequestId };
    await payments.handleCallback('stk', stkCallbackBody({ ...ids, resultCode: 1032 }));
    await payments.handleCallback(
      'stk',
      stkCallbackBody({ ...ids, resultCode: 0, amount: 100, receipt: 'RLATE00001', phone }),
    );
    expect(await payments.intentOf(who, intent.id)).toMatchObject({
      status: 'CANCELLED',
      message: 'You cancelled the M-Pesa request.',
    });
    expect(await wallet.balanceOf(who.uid)).toBe(0n);
  });
});
