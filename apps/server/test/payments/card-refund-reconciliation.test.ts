import type { ReconciliationLine, ReconciliationReport } from '@playon/shared/ops-money';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardRecords } from '../../src/modules/payments/ops/provider-records.ts';
import { paymentIntents } from '../../src/modules/payments/schema.ts';
import { createWalletService } from '../../src/modules/wallet/service.ts';
import {
  createPaystackClient,
  type PaystackRefund,
  type PaystackReports,
} from '../../src/platform/paystack/client.ts';
import { sandboxPaystackRefunds } from '../../src/sandbox/paystack/schema.ts';
import type { TestApp } from '../support/app.ts';
import { type ClockedCardRefunds, clockedCardRefundsApp } from '../support/card-refunds.ts';
import { nairobiToday } from '../support/money.ts';
import { eventually } from '../support/payments.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { createSandboxClock } from '../support/sandbox-clock.ts';

// The card side of the daily reconciliation lists the gateway's refunds beside the refunds the
// ledger settled to card clearing (ADR 0069): each matched by the gateway refund id we kept or by its
// merchant note, and every difference shown, above all a refund the gateway paid whose intent the
// ledger failed and put back (money given twice).

const clock = createSandboxClock();
let t: TestApp;
let finance: TestPlayer;
let card: ClockedCardRefunds;
clockedCardRefundsApp(clock, (made) => {
  ({ t, finance, card } = made);
});

const db = () => t.database.db;
const gateway = () => createPaystackClient(t.config.paystack);

async function cardPart() {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/ops/money/reconciliation?day=${nairobiToday()}`,
    headers: bearer(finance.token),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const part = (answer.json().payload as ReconciliationReport).providers.find((p) => p.provider === 'CARD');
  if (!part) throw new Error('no card part');
  expect(part.available, part.note ?? '').toBe(true);
  return part;
}
const lineOf = (lines: ReconciliationLine[], direction: 'IN' | 'OUT', intentId: string) =>
  lines.filter((line) => line.direction === direction && line.intentId === intentId);

/** The gateway processes the refunds it holds and posts their webhooks; `refundId`'s intent then ends. */
async function processed(refundId: string, status: string) {
  await clock.advance(1000);
  return eventually(
    () => card.intentRow(refundId),
    (row) => row?.status === status,
  );
}

describe("the card side of the daily reconciliation, with the gateway's refunds", () => {
  it('matches refunds settled on both sides and shows one the ledger put back while the gateway paid it', async () => {
    const settledPlayer = await signUpPlayer(t.app);
    const settledPaid = await card.cardTopUp(settledPlayer, 300);
    const settledId = await card.refundToCard(settledPaid.id);
    expect((await processed(settledId, 'COMPLETED'))?.status).toBe('COMPLETED');

    const player = await signUpPlayer(t.app);
    const paid = await card.cardTopUp(player, 500);
    const refundId = await card.refundToCard(paid.id);
    // The gateway holds it; meanwhile the ledger fails it and puts its 500.00 back in the wallet, as
    // the card return once did for a refund's id.
    const wallet = createWalletService(db());
    await db().transaction(async (tx) => {
      await tx
        .update(paymentIntents)
        .set({ status: 'ERROR', message: 'The card payment could not be started. Please try again.' })
        .where(eq(paymentIntents.id, refundId));
      await wallet.reverseRefund({ intentId: refundId, description: 'Refund not sent: money put back' }, tx);
    });
    await clock.advance(1000);
    const [atGateway] = await db()
      .select()
      .from(sandboxPaystackRefunds)
      .where(eq(sandboxPaystackRefunds.merchantNote, refundId));
    expect(atGateway?.status).toBe('processed');
    expect((await card.intentRow(refundId))?.status).toBe('ERROR');

    const part = await cardPart();
    expect(part.source).toBe("the card gateway's transaction and refund lists");
    expect(part.differences).toContainEqual(
      expect.objectContaining({
        difference: 'reversed-in-ledger',
        direction: 'OUT',
        intentId: refundId,
        reference: atGateway?.id,
        providerAmount: 500,
        ledgerAmount: null,
      }),
    );
    // The settled one is on both sides; the payments themselves too.
    expect(lineOf(part.differences, 'OUT', settledId)).toEqual([]);
    expect(lineOf(part.differences, 'IN', settledPaid.id)).toEqual([]);
    expect(lineOf(part.differences, 'IN', paid.id)).toEqual([]);
    expect(part.providerOut).toBe(800);
    expect(part.ledgerOut).toBe(300);
    expect(part.matched).toBe(3);
  });

  it('shows a refund whose amounts differ, one only the ledger has, and one the gateway made that we did not', async () => {
    const player = await signUpPlayer(t.app);
    const paid = await card.cardTopUp(player, 400);
    const differing = await card.refundToCard(paid.id, 100);
    expect((await processed(differing, 'COMPLETED'))?.status).toBe('COMPLETED');
    const unknownAtGateway = await card.refundToCard(paid.id, 50);
    expect((await processed(unknownAtGateway, 'COMPLETED'))?.status).toBe('COMPLETED');
    // The gateway's records disagree with ours: one refund at another amount, one not there at all.
    const kept = async (id: string) => (await card.intentRow(id))?.cardRefundId ?? '';
    await db()
      .update(sandboxPaystackRefunds)
      .set({ amount: 12_000 })
      .where(eq(sandboxPaystackRefunds.id, await kept(differing)));
    await db()
      .delete(sandboxPaystackRefunds)
      .where(eq(sandboxPaystackRefunds.id, await kept(unknownAtGateway)));
    // Someone refunds the card on the gateway's dashboard, with no note of ours.
    const byHand = await gateway().createRefund({
      transactionReference: paid.id,
      amountCents: 2_500,
      currency: 'KES',
      merchantNote: 'goodwill, from the dashboard',
    });
    await clock.advance(1000);

    const part = await cardPart();
    expect(part.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          difference: 'amount-differs',
          direction: 'OUT',
          intentId: differing,
          providerAmount: 120,
          ledgerAmount: 100,
        }),
        expect.objectContaining({
          difference: 'ledger-only',
          direction: 'OUT',
          intentId: unknownAtGateway,
          providerAmount: null,
          ledgerAmount: 50,
        }),
        expect.objectContaining({
          difference: 'provider-only',
          direction: 'OUT',
          reference: byHand.id,
          intentId: null,
          providerAmount: 25,
        }),
      ]),
    );
  });
});

describe("the gateway's refund list", () => {
  it('is served by the sandbox page by page, bounded by creation time', async () => {
    const since = new Date(Date.now() - 60_000);
    const until = new Date(Date.now() + 60_000);
    const first = await gateway().listRefundsCreated({ from: since, to: until, page: 1, perPage: 2 });
    const total = (await db().select().from(sandboxPaystackRefunds)).length;
    expect(total).toBeGreaterThan(2);
    expect(first.pageCount).toBe(Math.ceil(total / 2));
    const ids = new Set<string>();
    for (let page = 1; page <= first.pageCount; page++) {
      const listed = await gateway().listRefundsCreated({ from: since, to: until, page, perPage: 2 });
      expect(listed.page).toBe(page);
      for (const refund of listed.refunds) ids.add(refund.id);
    }
    expect(ids.size).toBe(total);
    const before = await gateway().listRefundsCreated({
      from: new Date(since.getTime() - 60_000),
      to: since,
      page: 1,
      perPage: 50,
    });
    expect(before.refunds).toEqual([]);
  });

  it('is read to its last page by the card side of the reconciliation', async () => {
    const day = { from: new Date('2031-03-01T21:00:00Z'), to: new Date('2031-03-02T21:00:00Z') };
    const refundOn = (page: number): PaystackRefund & { createdAt: Date } => ({
      id: `R${page}`,
      status: 'processed',
      amountCents: page * 100,
      currency: 'KES',
      transactionReference: 'T',
      merchantNote: null,
      refundedAt: new Date('2031-03-02T08:00:00Z'),
      createdAt: new Date('2031-03-02T07:00:00Z'),
    });
    const asked: number[] = [];
    const paged: Pick<PaystackReports, 'listTransactions' | 'listRefundsCreated'> = {
      listTransactions: async ({ page }) => ({ transactions: [], page, pageCount: 1 }),
      listRefundsCreated: async ({ page }) => {
        asked.push(page);
        return { refunds: [refundOn(page)], page, pageCount: 3 };
      },
    };
    const read = await cardRecords(paged)('2031-03-02', day.from, day.to);
    expect(asked).toEqual([1, 2, 3]);
    expect(read.available && read.records.map((record) => record.reference)).toEqual(['R1', 'R2', 'R3']);
  });
});
