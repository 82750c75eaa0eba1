import { randomUUID } from 'node:crypto';
import type { ReconciliationReport } from '@playon/shared/ops-money';
import type { PaymentIntent } from '@playon/shared/payments';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RECONCILE_JOB } from '../../src/modules/payments/jobs.ts';
import { createPaystackClient } from '../../src/platform/paystack/client.ts';
import { PAYSTACK_SIGNATURE_HEADER, signWebhookBody } from '../../src/platform/paystack/webhook.ts';
import { sandboxPaystackRefunds } from '../../src/sandbox/paystack/schema.ts';
import type { TestApp } from '../support/app.ts';
import { type ClockedCardRefunds, clockedCardRefundsApp } from '../support/card-refunds.ts';
import { runJobsNow } from '../support/jobs.ts';
import { nairobiToday } from '../support/money.ts';
import { eventually } from '../support/payments.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { createSandboxClock } from '../support/sandbox-clock.ts';

// Refunds to the card against the gateway as Paystack behaves (ADR 0076): its refund webhooks carry
// no refund id and the amount as a string, its refund list filters by creation time only, a POST
// /refund may time out after the refund was made, and a payment refunded in full reads `reversed`.

const clock = createSandboxClock();
let t: TestApp;
let finance: TestPlayer;
let card: ClockedCardRefunds;
clockedCardRefundsApp(clock, (made) => {
  ({ t, finance, card } = made);
});

const db = () => t.database.db;
const entryKinds = (id: string) => card.entryKinds(id);
const atGateway = (paymentId: string) =>
  db()
    .select()
    .from(sandboxPaystackRefunds)
    .where(eq(sandboxPaystackRefunds.transactionReference, paymentId));

/** A webhook signed with the gateway's key, posted to the card webhook route. */
function postWebhook(event: unknown) {
  const raw = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/callbacks/card',
    headers: {
      'content-type': 'application/json',
      [PAYSTACK_SIGNATURE_HEADER]: signWebhookBody(raw, t.config.paystack.secretKey),
    },
    payload: raw,
  });
}

describe('refunds to the card, with the gateway behaving as Paystack does', () => {
  it('settles a refund on its webhook without an id and with the amount as a string, once', async () => {
    const player = await signUpPlayer(t.app);
    const paid = await card.cardTopUp(player, 120);
    const refundId = await card.refundToCard(paid.id);

    // The gateway processes it and posts refund.processed as Paystack does; no job runs here.
    await clock.advance(1000);
    const done = await eventually(
      () => card.intentRow(refundId),
      (row) => row?.status === 'COMPLETED',
    );
    expect(done?.status).toBe('COMPLETED');

    // The same event again, in the shape of Paystack's sample: 200, and nothing moves twice.
    const again = await postWebhook({
      event: 'refund.processed',
      data: {
        status: 'processed',
        transaction_reference: paid.id,
        refund_reference: '132013318360',
        amount: '12000',
        currency: 'KES',
        processor: 'mpgs_zen',
        domain: 'live',
      },
    });
    expect(again.statusCode).toBe(200);
    expect(await entryKinds(refundId)).toEqual(['REFUND', 'REFUND_SETTLE']);
    expect(await atGateway(paid.id)).toHaveLength(1);
  });

  it('answers 200 to a refund webhook that names no refund of ours, and changes nothing', async () => {
    for (const data of [
      {
        status: 'pending',
        transaction_reference: 'T9171231_412325_3be2736c_n6tml',
        refund_reference: null,
        amount: '10000',
      },
      { status: 'processed', transaction_reference: randomUUID(), amount: 500 },
      { status: 'failed', refund_reference: 'TRF_9vgfawjnoz58uxy', amount: 'twenty' },
    ]) {
      const answer = await postWebhook({ event: `refund.${data.status}`, data });
      expect(answer.statusCode, JSON.stringify(data)).toBe(200);
    }
  });

  it('after a POST /refund whose answer was lost, finds the refund in the gateway list, pages and all, and refunds the card once', async () => {
    const player = await signUpPlayer(t.app);
    const paid = await card.cardTopUp(player, 150, '4000 0000 0000 0119');
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/ops/money/payments/${paid.id}/refund`,
      headers: { ...bearer(finance.token), 'idempotency-key': randomUUID() },
      payload: { destination: 'CARD', reason: 'Charged twice' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refundId = refunded.json().payload.refund.id as string;

    // The gateway made the refund; its answer never came: open, without the gateway's id.
    await runJobsNow(db(), t.app.jobs, RECONCILE_JOB);
    expect(await card.intentRow(refundId)).toMatchObject({ status: 'IN_PROGRESS', cardRefundId: null });
    const [made] = await atGateway(paid.id);
    expect(made?.merchantNote).toBe(refundId);

    // Other refunds made since fill the list's first pages (newest first, 100 a page at most).
    const others = Array.from({ length: 230 }, (_, index) => ({
      id: String(8_000_000_000 + index),
      transactionId: '7000000000',
      transactionReference: `other-${randomUUID()}`,
      amount: 100,
      currency: 'KES',
      merchantNote: null,
      status: 'pending' as const,
      webhookAt: new Date(clock.now() + 365 * 86_400_000),
      createdAt: new Date(Date.now() + 1000),
    }));
    await db().insert(sandboxPaystackRefunds).values(others);
    try {
      await runJobsNow(db(), t.app.jobs, RECONCILE_JOB);
      expect((await card.intentRow(refundId))?.cardRefundId).toBe(made?.id);

      await clock.advance(1000);
      const done = await eventually(
        () => card.intentRow(refundId),
        (row) => row?.status === 'COMPLETED',
      );
      expect(done?.status).toBe('COMPLETED');
      expect(await atGateway(paid.id)).toHaveLength(1);
      expect(await entryKinds(refundId)).toEqual(['REFUND', 'REFUND_SETTLE']);
    } finally {
      await db()
        .delete(sandboxPaystackRefunds)
        .where(
          inArray(
            sandboxPaystackRefunds.id,
            others.map((other) => other.id),
          ),
        );
    }
  });

  it('keeps a payment refunded in full as paid: reversed at the gateway, still money in on the day', async () => {
    const player = await signUpPlayer(t.app);
    const paid: PaymentIntent = await card.cardTopUp(player, 250);
    const refundId = await card.refundToCard(paid.id);
    await clock.advance(1000);
    await eventually(
      () => card.intentRow(refundId),
      (row) => row?.status === 'COMPLETED',
    );
    const gateway = createPaystackClient(t.config.paystack);
    expect((await gateway.verifyTransaction(paid.id)).status).toBe('reversed');
    expect((await card.intentRow(paid.id))?.status).toBe('COMPLETED');

    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/ops/money/reconciliation?day=${nairobiToday()}`,
      headers: bearer(finance.token),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const part = (answer.json().payload as ReconciliationReport).providers.find((p) => p.provider === 'CARD');
    expect(part?.available, part?.note ?? '').toBe(true);
    const about = (intentId: string) => part?.differences.filter((line) => line.intentId === intentId);
    expect(about(paid.id)).toEqual([]);
    expect(about(refundId)).toEqual([]);
  });
});
