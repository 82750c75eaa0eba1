import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntents } from '../../src/modules/payments/schema.ts';
import type { PaymentService } from '../../src/modules/payments/service.ts';
import { journalEntries } from '../../src/modules/wallet/schema.ts';
import type { WalletService } from '../../src/modules/wallet/service.ts';
import { RunAgainLater } from '../../src/platform/jobs/index.ts';
import { PaystackError } from '../../src/platform/paystack/client.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createTestPaymentService } from '../support/payment-service.ts';
import { recordingPaystack } from '../support/payments.ts';

// A refund to the card whose POST /refund reached the gateway but whose answer was lost: the retry
// finds it by its note in the gateway's whole refund list instead of refunding the card twice, and a
// list it could not read to its end never lets it send again (ADR 0076). The sandbox's own refunds
// run in ../ops/money-card-refunds.test.ts and card-refund-as-paystack-sends.test.ts.
let t: TestApp;
let wallet: WalletService;
let payments: PaymentService;
const gateway = recordingPaystack();
let loseNextAnswer = false;

beforeAll(async () => {
  t = await createTestApp();
  ({ payments, wallet } = await createTestPaymentService(t, {
    paystack: {
      ...gateway.client,
      async createRefund(input) {
        const made = await gateway.client.createRefund(input);
        if (!loseNextAnswer) return made;
        loseNextAnswer = false;
        throw new PaystackError('The card gateway could not be reached: timed out', 0, null);
      },
    },
  }));
});
afterAll(() => t.close());

const reconcile = (id: string) =>
  payments.reconcileNow(id).then(
    () => 'done',
    (error: unknown) => {
      if (error instanceof RunAgainLater) return 'again';
      throw error;
    },
  );
const row = async (id: string) =>
  (await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, id)))[0];
const kinds = async (id: string) =>
  (await t.database.db.select().from(journalEntries).where(eq(journalEntries.intentId, id)))
    .map((entry) => entry.kind)
    .sort();

describe('a refund to the card asked for again', () => {
  it('finds the refund a lost answer made, refunds the card once and settles it once', async () => {
    const who = { uid: `player-${randomUUID()}`, email: 'card@example.com' };
    const paid = await payments.topUp(who, { paymentMethodId: 3, amount: 120 });
    gateway.outcomes.set(paid.id, { status: 'success', amountCents: 12_000 });
    expect(await reconcile(paid.id)).toBe('done');
    expect(await wallet.balanceOf(who.uid)).toBe(12_000n);

    const { refund } = await payments.console.refund(
      { intentId: paid.id, destination: 'CARD' },
      async () => {},
    );
    expect(await wallet.balanceOf(who.uid)).toBe(0n);

    // The gateway made the refund, its answer never came: open, without the gateway's id.
    loseNextAnswer = true;
    expect(await reconcile(refund.id)).toBe('again');
    expect(await row(refund.id)).toMatchObject({ status: 'IN_PROGRESS', cardRefundId: null });
    expect(gateway.refunds).toHaveLength(1);

    // The retry finds it by its note and keeps its id; the gateway is not asked for another.
    expect(await reconcile(refund.id)).toBe('again');
    expect((await row(refund.id))?.cardRefundId).toBe(gateway.refunds[0]?.id);
    expect(gateway.refunds).toHaveLength(1);

    const [made] = gateway.refunds;
    if (made) made.status = 'processed';
    expect(await reconcile(refund.id)).toBe('done');
    expect(await reconcile(refund.id)).toBe('done');
    expect((await row(refund.id))?.status).toBe('COMPLETED');
    expect(await kinds(refund.id)).toEqual(['REFUND', 'REFUND_SETTLE']);
    expect(gateway.refunds).toHaveLength(1);
    expect(await wallet.balanceOf(who.uid)).toBe(0n);
  });

  it('keeps it open while a page of the gateway list cannot be read, however long ago it was claimed', async () => {
    const who = { uid: `player-${randomUUID()}`, email: 'card@example.com' };
    const paid = await paidByCard(who, 80);
    const { refund } = await payments.console.refund(
      { intentId: paid.id, destination: 'CARD' },
      async () => {},
    );
    loseNextAnswer = true;
    expect(await reconcile(refund.id)).toBe('again');
    const ours = gateway.refunds.at(-1);
    expect(ours?.merchantNote).toBe(refund.id);

    // Refunds of other payments made since: ours is on the third page of one refund each.
    for (const note of ['other-1', 'other-2']) {
      await gateway.client.createRefund({
        transactionReference: randomUUID(),
        amountCents: 8_000,
        currency: 'KES',
        merchantNote: note,
      });
    }
    const made = gateway.refunds.length;
    gateway.listing.perPageAtMost = 1;
    gateway.listing.failingPages.add(3);
    // Claimed long enough ago that a refund the list does not hold would be sent again.
    await t.database.db
      .update(paymentIntents)
      .set({ updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(paymentIntents.id, refund.id));
    try {
      expect(await reconcile(refund.id)).toBe('again');
      expect(await reconcile(refund.id)).toBe('again');
      expect(await row(refund.id)).toMatchObject({ status: 'IN_PROGRESS', cardRefundId: null });
      expect(gateway.refunds).toHaveLength(made);

      // Read to its end, page after page: found, kept, never asked for again.
      gateway.listing.failingPages.clear();
      const pagesBefore = gateway.listing.pagesRead;
      expect(await reconcile(refund.id)).toBe('again');
      // Every refund of the window is on a page of its own: every page is read.
      expect(gateway.listing.pagesRead - pagesBefore).toBe(made);
      expect((await row(refund.id))?.cardRefundId).toBe(ours?.id);
      expect(gateway.refunds).toHaveLength(made);
    } finally {
      gateway.listing.perPageAtMost = 100;
      gateway.listing.failingPages.clear();
    }
    if (ours) ours.status = 'processed';
    expect(await reconcile(refund.id)).toBe('done');
    expect(await kinds(refund.id)).toEqual(['REFUND', 'REFUND_SETTLE']);
    expect(await wallet.balanceOf(who.uid)).toBe(0n);
  });
});

describe('a card payment the gateway reads as reversed (paid, then refunded in full)', () => {
  it('is never failed: left open for an operator, its money neither credited nor put back', async () => {
    const who = { uid: `player-${randomUUID()}`, email: 'card@example.com' };
    const open = await payments.topUp(who, { paymentMethodId: 3, amount: 90 });
    gateway.outcomes.set(open.id, { status: 'reversed', amountCents: 9_000 });
    expect(await reconcile(open.id)).toBe('again');
    expect((await row(open.id))?.status).toBe('IN_PROGRESS');
    expect(await kinds(open.id)).toEqual([]);
    expect(await wallet.balanceOf(who.uid)).toBe(0n);
  });
});

/** A card top-up the gateway reports paid, verified by reconciliation. */
async function paidByCard(who: { uid: string; email: string }, amount: number) {
  const paid = await payments.topUp(who, { paymentMethodId: 3, amount });
  gateway.outcomes.set(paid.id, { status: 'success', amountCents: amount * 100 });
  expect(await reconcile(paid.id)).toBe('done');
  return paid;
}
