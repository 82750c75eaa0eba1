import type { AuditEntry } from '@playon/shared/ops';
import { moneyOpsMessages } from '@playon/shared/ops-money';
import type { WalletTransaction } from '@playon/shared/wallet';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntents } from '../../src/modules/payments/schema.ts';
import { journalEntries, ledgerAccounts, postings } from '../../src/modules/wallet/schema.ts';
import { PAYSTACK_SIGNATURE_HEADER, signWebhookBody } from '../../src/platform/paystack/webhook.ts';
import { sandboxPaystackRefunds } from '../../src/sandbox/paystack/schema.ts';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { expectLedgerSound } from '../support/ledger-audit.ts';
import { moneyApi } from '../support/money.ts';
import { signUpOperator } from '../support/operators.ts';
import { eventually } from '../support/payments.ts';
import type { TestPlayer } from '../support/players.ts';

// A card payment refunded to the card through the card gateway's sandbox (POST /refund, its
// refund.processed webhook), on the real app: the refund intent, its ledger entries, the audit.
let t: PaymentsTestApp;
let api: ReturnType<typeof moneyApi>;
let finance: TestPlayer;
let admin: TestPlayer;
beforeAll(async () => {
  t = await createPaymentsTestApp({
    RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000',
    PAYMENT_PROMPTS_PER_PHONE_PER_HOUR: '1000',
    RECONCILE_AFTER_MS: '600000',
  });
  api = moneyApi(t);
  finance = await signUpOperator(t.app, t.database.db, 'finance');
  admin = await signUpOperator(t.app, t.database.db, 'admin');
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;

/** The kinds of one intent's journal entries, and the postings of one kind as account and cents. */
async function entriesOf(intentId: string) {
  const rows = await db()
    .select({ kind: journalEntries.kind })
    .from(journalEntries)
    .where(eq(journalEntries.intentId, intentId));
  return rows.map((row) => row.kind).sort();
}
async function postingsOf(intentId: string, kind: string) {
  const rows = await db()
    .select({ code: ledgerAccounts.code, owner: ledgerAccounts.ownerUid, amount: postings.amount })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(and(eq(journalEntries.intentId, intentId), eq(journalEntries.kind, kind)));
  return rows.map((row) => ({ account: row.code ?? `wallet:${row.owner}`, amount: row.amount }));
}
const intentRow = async (id: string) =>
  (await db().select().from(paymentIntents).where(eq(paymentIntents.id, id)))[0];

async function auditOf(targetId: string): Promise<AuditEntry[]> {
  const found = await api.get(`/api/ops/audit?q=${encodeURIComponent(targetId)}`, admin);
  return found.json().payload.items;
}

/** Posts a refund webhook as the gateway signs it. */
function postRefundWebhook(body: object) {
  const raw = JSON.stringify(body);
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

describe('a card payment refunded to the card', () => {
  it('asks the gateway once, settles on its webhook, and applies it once when the webhook comes again and the operator asks again', async () => {
    const player = await api.newPlayer();
    const { intent, pkg } = await api.cardSubscription(player, 'Gold');
    const detail = await api.detail(intent.id, finance);
    expect(detail.refundToCardAllowed).toBe(true);

    const refunded = await api.refund(intent.id, finance, { destination: 'CARD', reason: 'Charged twice' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().statusMessage).toBe('Refund on its way to the card.');
    const refundId = refunded.json().payload.refund.id as string;
    expect(refunded.json().payload.refund).toMatchObject({
      type: 'REFUND',
      method: 'CARD',
      amount: pkg.amount,
    });

    // Reconciliation's job asks the gateway at once; the sandbox processes it and posts refund.processed.
    const done = await eventually(
      () => intentRow(refundId),
      (row) => row?.status === 'COMPLETED',
    );
    expect(done?.status).toBe('COMPLETED');
    const atGateway = await db()
      .select()
      .from(sandboxPaystackRefunds)
      .where(eq(sandboxPaystackRefunds.transactionReference, intent.id));
    expect(atGateway).toHaveLength(1);
    expect(atGateway[0]).toMatchObject({
      merchantNote: refundId,
      status: 'processed',
      id: done?.cardRefundId,
    });

    const cents = BigInt(Math.round(pkg.amount * 100));
    expect(await postingsOf(refundId, 'REFUND')).toEqual(
      expect.arrayContaining([
        { account: 'SUBSCRIPTION_REVENUE', amount: -cents },
        { account: 'PENDING_PAYOUTS', amount: cents },
      ]),
    );
    expect(await postingsOf(refundId, 'REFUND_SETTLE')).toEqual(
      expect.arrayContaining([
        { account: 'PENDING_PAYOUTS', amount: -cents },
        { account: 'CARD_CLEARING', amount: cents },
      ]),
    );

    // The same webhook twice more, and the operator asking the gateway again: nothing moves twice.
    const webhook = {
      event: 'refund.processed',
      data: {
        id: done?.cardRefundId,
        status: 'processed',
        transaction_reference: intent.id,
        amount: Number(cents),
        currency: 'KES',
      },
    };
    for (const _ of [1, 2]) expect((await postRefundWebhook(webhook)).statusCode).toBe(200);
    const asked = await api.post(`/api/ops/money/payments/${refundId}/ask-provider`, finance);
    expect(asked.statusCode).toBe(409);
    expect(await entriesOf(refundId)).toEqual(['REFUND', 'REFUND_SETTLE']);
    expect(
      await db()
        .select()
        .from(sandboxPaystackRefunds)
        .where(eq(sandboxPaystackRefunds.transactionReference, intent.id)),
    ).toHaveLength(1);

    // The player reads it as money back to the card, outside the wallet; the payment is refunded in full.
    const history = (await api.get('/api/wallets/list', player)).json().payload as WalletTransaction[];
    expect(history.find((row) => row.id === refundId)).toMatchObject({
      transactionDesc: 'Refund to your card',
      walletEffect: 'NONE',
      paidWith: 'CARD',
    });
    expect(await api.balance(player)).toBe(0);
    const again = await api.refund(intent.id, finance, { destination: 'CARD', reason: 'Charged twice' });
    expect(again.json().statusMessage).toBe(moneyOpsMessages.refundedInFull);
    const audit = await auditOf(intent.id);
    expect(audit.filter((entry) => entry.action === 'payments.refund')).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ refundId, destination: 'CARD' });
    await expectLedgerSound(db());
  });

  it('puts the money back where it was when the gateway says the refund failed', async () => {
    const player = await api.newPlayer();
    // A card whose refunds the sandbox fails: it posts refund.failed.
    const { intent, pkg } = await api.cardSubscription(player, 'Silver', '4000 0000 0000 0077');
    const refunded = await api.refund(intent.id, finance, {
      destination: 'CARD',
      amount: 10,
      reason: 'Goodwill',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refundId = refunded.json().payload.refund.id as string;
    const ended = await eventually(
      () => intentRow(refundId),
      (row) => row?.status === 'ERROR',
    );
    expect(ended).toMatchObject({
      status: 'ERROR',
      message: 'The card gateway could not refund this payment to the card.',
    });
    const failed = {
      event: 'refund.failed',
      data: { id: ended?.cardRefundId, status: 'failed', transaction_reference: intent.id, amount: 1000 },
    };
    expect((await postRefundWebhook(failed)).statusCode).toBe(200);
    expect((await intentRow(refundId))?.status).toBe('ERROR');
    expect(await entriesOf(refundId)).toEqual(['REFUND', 'REFUND_REVERSAL']);
    expect((await api.detail(intent.id, finance)).refundable).toBe(pkg.amount);
    await expectLedgerSound(db());
  });

  it('refuses the card for a payment not made by card, and fills the M-Pesa refund with the phone the player paid with', async () => {
    const player = await api.newPlayer();
    const topUp = await api.mpesaTopUp(player, 50, '0712 345 678');
    const refused = await api.refund(topUp.id, finance, { destination: 'CARD', reason: 'Wrong way' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().statusMessage).toBe(moneyOpsMessages.cardOnly);
    expect((await api.detail(topUp.id, finance)).refundToCardAllowed).toBe(false);

    // A card payment has no phone of its own: the player's M-Pesa one is offered.
    const { intent } = await api.cardSubscription(player, 'Bronze');
    expect((await api.detail(intent.id, finance)).payerPhone).toBe('254712345678');
    const stranger = await api.newPlayer();
    const { intent: unknown } = await api.cardSubscription(stranger, 'Bronze');
    expect((await api.detail(unknown.id, finance)).payerPhone).toBeNull();
  });
});
