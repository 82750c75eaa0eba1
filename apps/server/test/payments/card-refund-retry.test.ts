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
// finds it by its note instead of refunding the card twice. The sandbox's own refunds run in
// ../ops/money-card-refunds.test.ts.
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
});
