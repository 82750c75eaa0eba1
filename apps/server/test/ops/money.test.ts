import { type AuditEntry, opsMessages } from '@playon/shared/ops';
import {
  moneyOpsMessages,
  type ReconciliationReport,
  type UnmatchedCallback,
} from '@playon/shared/ops-money';
import type { UserSubscription } from '@playon/shared/subscriptions';
import type { WalletTransaction } from '@playon/shared/wallet';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntents, unmatchedMpesaCallbacks } from '../../src/modules/payments/schema.ts';
import { journalEntries, ledgerAccounts, postings } from '../../src/modules/wallet/schema.ts';
import { sandboxDarajaTransactions } from '../../src/sandbox/daraja/schema.ts';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { expectLedgerSound } from '../support/ledger-audit.ts';
import { METHOD, moneyApi, nairobiToday } from '../support/money.ts';
import { signUpOperator } from '../support/operators.ts';
import { eventually } from '../support/payments.ts';
import type { TestPlayer } from '../support/players.ts';

// The console's Payments and money area on the real app: its sandboxes call it back as
// the providers would. Reconciliation waits ten minutes, so "ask the provider now" is the operator's.
let t: PaymentsTestApp;
let api: ReturnType<typeof moneyApi>;
let finance: TestPlayer;
let finance2: TestPlayer;
let admin: TestPlayer;
let support: TestPlayer;
beforeAll(async () => {
  t = await createPaymentsTestApp({
    RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000',
    PAYMENT_PROMPTS_PER_PHONE_PER_HOUR: '1000',
    RECONCILE_AFTER_MS: '600000',
  });
  api = moneyApi(t);
  finance = await signUpOperator(t.app, t.database.db, 'finance');
  finance2 = await signUpOperator(t.app, t.database.db, 'finance');
  admin = await signUpOperator(t.app, t.database.db, 'admin');
  support = await signUpOperator(t.app, t.database.db, 'support');
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;
const ledgerSound = () => expectLedgerSound(db());

async function auditOf(targetId: string): Promise<AuditEntry[]> {
  const found = await api.get(`/api/ops/audit?q=${encodeURIComponent(targetId)}`, admin);
  return found.json().payload.items;
}

/** The postings of one intent's entry of this kind, as system code or 'wallet', signed cents. */
async function entryOf(intentId: string, kind: string) {
  const rows = await db()
    .select({ code: ledgerAccounts.code, owner: ledgerAccounts.ownerUid, amount: postings.amount })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(and(eq(journalEntries.intentId, intentId), eq(journalEntries.kind, kind)));
  return rows.map((row) => ({ account: row.code ?? `wallet:${row.owner}`, amount: row.amount }));
}

/** Until the M-Pesa sandbox has the customer's answer to this payment's prompt (its callback may never come). */
async function paidAtMpesa(intentId: string) {
  const [intent] = await db().select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
  const answered = await eventually(
    async () => {
      const [row] = await db()
        .select({ completesAt: sandboxDarajaTransactions.completesAt })
        .from(sandboxDarajaTransactions)
        .where(eq(sandboxDarajaTransactions.id, intent?.checkoutRequestId ?? ''));
      return row !== undefined && row.completesAt.getTime() <= Date.now();
    },
    (done) => done,
  );
  expect(answered).toBe(true);
}

async function refundsOf(intentId: string) {
  return db().select().from(paymentIntents).where(eq(paymentIntents.refundOf, intentId));
}

describe('who may use the money area', () => {
  it('lets finance and admins in; refuses anonymous (401), players and support (403), reads and actions alike', async () => {
    const player = await api.newPlayer();
    const paid = await api.mpesaTopUp(player, 50);
    const day = nairobiToday();
    const reads = [
      '/api/ops/money/payments',
      '/api/ops/money/payments/stuck',
      '/api/ops/money/payments/open?minutes=5',
      `/api/ops/money/payments/${paid.id}`,
      '/api/ops/money/unmatched',
      `/api/ops/money/reconciliation?day=${day}`,
      `/api/ops/money/reconciliation/csv?day=${day}`,
    ];
    const actions: [string, object][] = [
      [`/api/ops/money/payments/${paid.id}/ask-provider`, {}],
      [`/api/ops/money/payments/${paid.id}/refund`, { destination: 'MPESA', amount: 10, reason: 'Asked' }],
      ['/api/ops/money/unmatched/1/resolve', { uid: player.uid, reason: 'Asked' }],
      ['/api/ops/money/reconciliation/mpesa-statement', { day, csv: 'Receipt No.,Completion Time,Paid In' }],
    ];
    for (const url of reads) {
      expect((await api.get(url)).statusCode, url).toBe(401);
      for (const who of [player, support]) {
        const refused = await api.get(url, who);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().statusMessage).toBe(opsMessages.forbidden);
      }
      for (const who of [finance, admin]) expect((await api.get(url, who)).statusCode, url).toBe(200);
    }
    for (const [url, body] of actions) {
      expect((await api.post(url, undefined, body)).statusCode, url).toBe(401);
      for (const who of [player, support]) expect((await api.post(url, who, body)).statusCode, url).toBe(403);
    }
    // Nothing a refused request asked for happened.
    expect(await refundsOf(paid.id)).toEqual([]);
    expect(await api.balance(player)).toBe(50);
  });
});

describe('every intent, filtered', () => {
  it('finds payments by status, method, type, day, phone, player uid or e-mail, and by receipt', async () => {
    const player = await api.newPlayer();
    const other = await api.newPlayer();
    const done = await api.mpesaTopUp(player, 75, '0712 000 111');
    const cancelled = await api.mpesaTopUp(player, 76, '254700000001');
    await api.mpesaTopUp(other, 77, '0712000222');
    expect(cancelled.status).toBe('CANCELLED');

    const mine = await api.list(`player=${player.uid}`, finance);
    expect(mine.items.map((p) => p.id).sort()).toEqual([done.id, cancelled.id].sort());
    expect(mine.items.every((p) => p.payerEmail === player.email)).toBe(true);
    expect((await api.list(`player=${encodeURIComponent(player.email.toUpperCase())}`, finance)).total).toBe(
      2,
    );
    const completed = await api.list(
      `player=${player.uid}&status=COMPLETED&method=MPESA&type=TOPUP`,
      finance,
    );
    expect(completed.items.map((p) => p.id)).toEqual([done.id]);
    expect(
      (await api.list(`phone=${encodeURIComponent('0712 000 111')}`, finance)).items.map((p) => p.id),
    ).toEqual([done.id]);
    const today = nairobiToday();
    expect((await api.list(`player=${player.uid}&from=${today}&to=${today}`, finance)).total).toBe(2);
    expect((await api.list(`player=${player.uid}&to=2020-01-01`, finance)).total).toBe(0);
    const [row] = await db().select().from(paymentIntents).where(eq(paymentIntents.id, done.id));
    expect(row?.receipt).toBeTruthy();
    expect((await api.list(`q=${row?.receipt}`, finance)).items.map((p) => p.id)).toEqual([done.id]);

    const bad = await api.get('/api/ops/money/payments?from=yesterday&status=LOST', finance);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(moneyOpsMessages.day);
  });
});

describe("a payment's timeline", () => {
  it('shows the request sent without a credential, the answer, the callback as received, the ledger entry and the end', async () => {
    const player = await api.newPlayer();
    const paid = await api.mpesaTopUp(player, 120);
    const { timeline, payment } = await api.detail(paid.id, finance);
    expect(payment).toMatchObject({ id: paid.id, status: 'COMPLETED', amount: 120, method: 'MPESA' });
    const kinds = timeline.map((item) => `${item.kind}:${item.title.split(':')[0]}`);
    expect(kinds).toEqual([
      'created:TOPUP by MPESA, KES 120.00',
      'request-sent:stk-push',
      'answer:stk-push',
      'callback:stk-callback',
      'ledger:TOPUP',
      'status:COMPLETED',
    ]);
    const sent = timeline.find((item) => item.kind === 'request-sent')?.body ?? '';
    expect(JSON.parse(sent)).toMatchObject({ phone: '254712345678', amount: 120 });
    const everything = JSON.stringify(timeline);
    expect(everything).not.toContain(t.config.mpesaCallbackSecret);
    expect(everything).not.toMatch(/Password|SecurityCredential|authorization|Bearer/i);
    const callback = JSON.parse(timeline.find((item) => item.kind === 'callback')?.body ?? '{}');
    expect(callback.Body.stkCallback.ResultCode).toBe(0);
    const entry = timeline.find((item) => item.kind === 'ledger');
    expect(entry?.postings?.reduce((sum, p) => sum + p.amount, 0)).toBe(0);
    expect(entry?.postings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ accountCode: 'MPESA_CLEARING', amount: -120 }),
        expect.objectContaining({ ownerUid: player.uid, amount: 120 }),
      ]),
    );
  });

  it("keeps the card gateway's initialize, verify and webhook, the webhook as its raw body", async () => {
    const player = await api.newPlayer();
    const { intent } = await api.cardSubscription(player, 'Silver');
    await t.sandbox.settled();
    const { timeline } = await api.detail(intent.id, finance);
    const operations = timeline.map((item) => `${item.kind}:${item.title}`);
    expect(operations).toEqual(
      expect.arrayContaining(['request-sent:initialize', 'answer:initialize', 'callback:browser-return']),
    );
    const webhook = timeline.find((item) => item.title === 'webhook');
    expect(JSON.parse(webhook?.body ?? '{}').event).toBe('charge.success');
    expect(JSON.stringify(timeline)).not.toContain(t.config.paystack.secretKey);
  });

  it('answers 404 for an unknown payment and 400 for an id that is none', async () => {
    expect(
      (await api.get('/api/ops/money/payments/00000000-0000-4000-8000-000000000000', finance)).statusCode,
    ).toBe(404);
    expect((await api.get('/api/ops/money/payments/nope', finance)).statusCode).toBe(400);
  });
});

describe('ask the provider now', () => {
  it('settles a top-up whose callback never came with an STK Push Query, once, audited', async () => {
    const player = await api.newPlayer();
    const lost = await api.mpesaTopUp(player, 300, '254700000005', false);
    await paidAtMpesa(lost.id);
    expect((await api.intentOf(player, lost.id)).status).toBe('IN_PROGRESS');
    expect(await api.balance(player)).toBe(0);

    const asked = await api.post(`/api/ops/money/payments/${lost.id}/ask-provider`, finance);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().payload).toMatchObject({ changed: true, payment: { status: 'COMPLETED' } });
    expect(await api.balance(player)).toBe(300);
    expect(await entryOf(lost.id, 'TOPUP')).toHaveLength(2);

    const again = await api.post(`/api/ops/money/payments/${lost.id}/ask-provider`, finance);
    expect(again.statusCode).toBe(409);
    expect(again.json().statusMessage).toBe(moneyOpsMessages.finalAlready);
    expect(await api.balance(player)).toBe(300);
    const { timeline } = await api.detail(lost.id, finance);
    expect(timeline.map((item) => `${item.kind}:${item.title}`)).toEqual(
      expect.arrayContaining(['request-sent:stk-query', 'answer:stk-query', 'job:payments.reconcile']),
    );
    const audit = await auditOf(lost.id);
    expect(audit.map((entry) => entry.action)).toEqual(['payments.ask-provider']);
    expect(audit[0]).toMatchObject({ actorEmail: finance.email, before: { status: 'IN_PROGRESS' } });
    await ledgerSound();
  });

  it('says why a payment is still open, lists it as open a while after a few minutes and among the stuck past its give-up time', async () => {
    const player = await api.newPlayer();
    // A card checkout the player opened and never paid: the gateway calls it abandoned, not final.
    const opened = await api.post('/api/payments/top-up', player, {
      paymentMethodId: METHOD.CARD,
      amount: 310,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const waiting = opened.json().payload as { id: string };
    const asked = await api.post(`/api/ops/money/payments/${waiting.id}/ask-provider`, finance);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().payload).toMatchObject({ changed: false, payment: { status: 'IN_PROGRESS' } });
    expect(asked.json().payload.outcome).toContain('card payment not final yet');
    const { timeline, canAskProvider } = await api.detail(waiting.id, finance);
    expect(canAskProvider).toBe(true);
    expect(timeline.map((item) => `${item.kind}:${item.title}`)).toEqual(
      expect.arrayContaining(['request-sent:verify', 'answer:verify']),
    );

    // Open a few minutes: in the "open a while" list from its minutes on, not yet among the stuck.
    const openFor = (minutes: string) =>
      api.get(`/api/ops/money/payments/open?minutes=${minutes}&q=${player.uid}`, finance);
    expect((await openFor('5')).json().payload.total).toBe(0);
    await db()
      .update(paymentIntents)
      .set({ createdAt: sql`now() - interval '6 minutes'` })
      .where(eq(paymentIntents.id, waiting.id));
    expect((await openFor('5')).json().payload.items.map((p: { id: string }) => p.id)).toEqual([waiting.id]);
    expect((await openFor('15')).json().payload.total).toBe(0);
    expect(
      (await api.get(`/api/ops/money/payments/stuck?q=${waiting.id}`, finance)).json().payload.total,
    ).toBe(0);
    const badMinutes = await openFor('0');
    expect(badMinutes.statusCode).toBe(400);
    expect(JSON.stringify(badMinutes.json())).toContain('Choose how many minutes.');

    await db()
      .update(paymentIntents)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(eq(paymentIntents.id, waiting.id));
    const stuck = await api.get(`/api/ops/money/payments/stuck?q=${waiting.id}`, finance);
    expect(stuck.json().payload.items.map((p: { id: string }) => p.id)).toEqual([waiting.id]);
    const fresh = await api.get(`/api/ops/money/payments/stuck?q=${player.uid}`, finance);
    expect(fresh.json().payload.total).toBe(1);
    const missing = await api.post(
      '/api/ops/money/payments/00000000-0000-4000-8000-000000000000/ask-provider',
      finance,
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('refunds', () => {
  it('refunds a card subscription to the wallet: a balanced REFUND entry, the package ends, once', async () => {
    const player = await api.newPlayer();
    const { intent, pkg } = await api.cardSubscription(player, 'Gold');
    expect(intent.status).toBe('COMPLETED');
    const refunded = await api.refund(intent.id, finance, { destination: 'WALLET', reason: 'Charged twice' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const { refund, payment, subscriptionEnded } = refunded.json().payload;
    expect(refund).toMatchObject({
      type: 'REFUND',
      status: 'COMPLETED',
      method: 'WALLET',
      amount: pkg.amount,
    });
    expect(payment).toMatchObject({ id: intent.id, status: 'COMPLETED', refunded: pkg.amount });
    expect(subscriptionEnded).toBe(true);
    expect(await api.balance(player)).toBe(pkg.amount);
    const cents = BigInt(Math.round(pkg.amount * 100));
    expect(await entryOf(refund.id, 'REFUND')).toEqual(
      expect.arrayContaining([
        { account: 'SUBSCRIPTION_REVENUE', amount: -cents },
        { account: `wallet:${player.uid}`, amount: cents },
      ]),
    );
    // The payment's own entry is untouched: a refund is a new entry, never an edit.
    expect(await entryOf(intent.id, 'SUBSCRIPTION')).toEqual(
      expect.arrayContaining([{ account: 'CARD_CLEARING', amount: -cents }]),
    );
    const held = (await api.get('/api/subscriptions/list', player)).json().payload as UserSubscription[];
    expect(held.find((s) => s.subscriptionPackage.name === 'Gold')?.expired).toBe(true);
    const history = (await api.get('/api/wallets/list', player)).json().payload as WalletTransaction[];
    expect(history.find((row) => row.id === refund.id)).toMatchObject({
      transactionDescId: 'REFUND',
      direction: 'CREDIT',
      walletEffect: 'MOVES',
    });

    const twice = await api.refund(intent.id, finance, { destination: 'WALLET', reason: 'Charged twice' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().statusMessage).toBe(moneyOpsMessages.refundedInFull);
    expect(await api.balance(player)).toBe(pkg.amount);
    const audit = await auditOf(intent.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'payments.refund',
      reason: 'Charged twice',
      actorEmail: finance.email,
    });
    await ledgerSound();
  });

  it('refuses a refund of more than was paid, counting the refunds before it', async () => {
    const player = await api.newPlayer();
    const paid = await api.mpesaTopUp(player, 100);
    const first = await api.refund(paid.id, finance, {
      destination: 'MPESA',
      amount: 40,
      reason: 'Part back',
    });
    expect(first.statusCode, first.body).toBe(200);
    const more = await api.refund(paid.id, finance, {
      destination: 'MPESA',
      amount: 70,
      reason: 'More back',
    });
    expect(more.statusCode).toBe(409);
    expect(more.json().statusMessage).toBe(moneyOpsMessages.moreThanLeft('60.00'));
    const toWallet = await api.refund(paid.id, finance, { destination: 'WALLET', reason: 'Back' });
    expect(toWallet.statusCode).toBe(409);
    expect(toWallet.json().statusMessage).toBe(moneyOpsMessages.topUpToWallet);
    const fraction = await api.refund(paid.id, finance, {
      destination: 'MPESA',
      amount: 10.5,
      reason: 'Odd',
    });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().statusMessage).toBe(moneyOpsMessages.wholeShillings);
    const rest = await api.refund(paid.id, finance, { destination: 'MPESA', reason: 'The rest' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().payload.refund.amount).toBe(60);

    // Both payouts reach M-Pesa: the wallet gave 100 back, pending payouts settled to clearing.
    const refunds = await refundsOf(paid.id);
    await eventually(
      async () => (await refundsOf(paid.id)).map((r) => r.status),
      (statuses) => statuses.every((status) => status === 'COMPLETED'),
    );
    expect(await api.balance(player)).toBe(0);
    for (const refund of refunds) {
      expect(await entryOf(refund.id, 'REFUND')).toEqual(
        expect.arrayContaining([{ account: `wallet:${player.uid}`, amount: -refund.amountCents }]),
      );
      expect(await entryOf(refund.id, 'WITHDRAWAL_SETTLE')).toEqual([
        { account: 'PENDING_PAYOUTS', amount: -refund.amountCents },
        { account: 'MPESA_CLEARING', amount: refund.amountCents },
      ]);
    }
    expect((await api.detail(paid.id, finance)).refundable).toBe(0);
    await ledgerSound();
  });

  it('refuses what cannot be refunded: a payment not completed, a withdrawal, money the wallet no longer holds', async () => {
    const player = await api.newPlayer();
    const cancelled = await api.mpesaTopUp(player, 20, '254700000001');
    const notDone = await api.refund(cancelled.id, finance, { destination: 'MPESA', reason: 'Not paid' });
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json().statusMessage).toBe(moneyOpsMessages.notRefundable);

    const paid = await api.mpesaTopUp(player, 200);
    const out = await api.post('/api/wallets/withdraw', player, {
      paymentMethodId: METHOD.MPESA,
      amount: 150,
      mpesaPhoneNumber: '0712345678',
    });
    expect(out.statusCode, out.body).toBe(200);
    const withdrawal = await api.settled(player, out.json().payload.id);
    const noWithdrawal = await api.refund(withdrawal.id, finance, {
      destination: 'MPESA',
      reason: 'Paid out',
    });
    expect(noWithdrawal.statusCode).toBe(409);
    // 200 came in, 150 + its fee went out: the wallet cannot give the top-up back any more.
    const short = await api.refund(paid.id, finance, { destination: 'MPESA', reason: 'Back' });
    expect(short.statusCode).toBe(409);
    expect(short.json().statusMessage).toBe(moneyOpsMessages.walletShort);
    expect(await refundsOf(paid.id)).toEqual([]);
    const missing = await api.refund('00000000-0000-4000-8000-000000000000', finance, {
      destination: 'MPESA',
      reason: 'No such payment',
    });
    expect(missing.statusCode).toBe(404);
    const noReason = await api.refund(paid.id, finance, { destination: 'MPESA', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json())).toContain(opsMessages.reasonRequired);
    await ledgerSound();
  });

  it('puts the money back where it was when the refund payout fails, so it may be refunded again', async () => {
    const player = await api.newPlayer();
    const { intent, pkg } = await api.cardSubscription(player, 'Silver');
    const refunded = await api.refund(intent.id, finance, {
      destination: 'MPESA',
      mpesaPhoneNumber: '254700000002',
      reason: 'Wants it on M-Pesa',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refundId = refunded.json().payload.refund.id as string;
    const [failed] = await eventually(
      () => db().select().from(paymentIntents).where(eq(paymentIntents.id, refundId)),
      ([row]) => row?.status === 'ERROR',
    );
    expect(failed?.status).toBe('ERROR');
    const cents = BigInt(Math.round(pkg.amount * 100));
    expect(await entryOf(refundId, 'REFUND_REVERSAL')).toEqual(
      expect.arrayContaining([
        { account: 'PENDING_PAYOUTS', amount: -cents },
        { account: 'SUBSCRIPTION_REVENUE', amount: cents },
      ]),
    );
    expect((await api.detail(intent.id, finance)).refundable).toBe(pkg.amount);
    const again = await api.refund(intent.id, finance, {
      destination: 'WALLET',
      reason: 'To the wallet then',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await api.balance(player)).toBe(pkg.amount);
    await ledgerSound();
  });

  it('refunds once when two operators refund the same payment at once', async () => {
    const player = await api.newPlayer();
    const { intent, pkg } = await api.cardSubscription(player, 'Platinum');
    const answers = await Promise.all(
      [finance, finance2, admin, finance, finance2, admin].map((who) =>
        api.refund(intent.id, who, { destination: 'WALLET', reason: 'Both saw the ticket' }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const refunds = await refundsOf(intent.id);
    expect(refunds).toHaveLength(1);
    expect(await entryOf(refunds[0]?.id ?? '', 'REFUND')).toHaveLength(2);
    expect(await api.balance(player)).toBe(pkg.amount);
    expect((await auditOf(intent.id)).filter((entry) => entry.action === 'payments.refund')).toHaveLength(1);
    await ledgerSound();
  });

  it('refunds a boost from the wallet it credited back to the payer, and the friend reads it', async () => {
    const payer = await api.newPlayer();
    const friend = await api.newPlayer();
    await api.mpesaTopUp(payer, 100);
    const boost = await api.post('/api/payments/top-up', payer, {
      paymentMethodId: METHOD.WALLET,
      amount: 30,
      userId: friend.uid,
    });
    expect(boost.statusCode, boost.body).toBe(200);
    const refunded = await api.refund(boost.json().payload.id, finance, {
      destination: 'WALLET',
      reason: 'Wrong friend',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await api.balance(payer)).toBe(100);
    expect(await api.balance(friend)).toBe(0);
    const seen = (await api.get('/api/wallets/list', friend)).json().payload as WalletTransaction[];
    expect(seen.find((row) => row.transactionDescId === 'REFUND')).toMatchObject({
      direction: 'DEBIT',
      amount: 30,
    });
    await ledgerSound();
  });
});

describe('M-Pesa callbacks kept for a person', () => {
  /** An STK callback whose checkout no payment knows, kept for an operator as the matching job leaves it. */
  async function keptCallback(amount: number, receipt: string) {
    const checkoutRequestId = `ws_CO_kept_${receipt}`;
    const [row] = await db()
      .insert(unmatchedMpesaCallbacks)
      .values({
        kind: 'stk',
        checkoutRequestId,
        merchantRequestId: `mr-${receipt}`,
        resultCode: 0,
        amountCents: BigInt(amount * 100),
        phone: '254712999888',
        receipt,
        status: 'OPERATOR',
        body: { Body: { stkCallback: { CheckoutRequestID: checkoutRequestId, ResultCode: 0 } } },
        resolvedAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('not kept');
    return row;
  }

  it('lists them, credits one to the player it came from once, and refuses a second resolve', async () => {
    const player = await api.newPlayer();
    const kept = await keptCallback(250, `RK${Date.now()}`);
    const listed = await api.get(`/api/ops/money/unmatched?q=${kept.receipt}`, finance);
    const [item] = listed.json().payload.items as UnmatchedCallback[];
    expect(item).toMatchObject({ id: kept.id, kind: 'stk', amount: 250, canCreditPlayer: true });
    expect(JSON.parse(item?.body ?? '{}').Body.stkCallback.CheckoutRequestID).toBe(kept.checkoutRequestId);

    const unknown = await api.post(`/api/ops/money/unmatched/${kept.id}/resolve`, finance, {
      uid: 'nobody-at-all',
      reason: 'Support ticket 12',
    });
    expect(unknown.statusCode).toBe(404);
    const both = await Promise.all(
      [finance, finance2].map((who) =>
        api.post(`/api/ops/money/unmatched/${kept.id}/resolve`, who, {
          uid: player.uid,
          reason: 'Support ticket 12',
        }),
      ),
    );
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const resolved = both.find((answer) => answer.statusCode === 200)?.json().payload;
    expect(resolved.payment).toMatchObject({
      type: 'TOPUP',
      status: 'COMPLETED',
      amount: 250,
      receipt: kept.receipt,
    });
    expect(await api.balance(player)).toBe(250);
    expect(await entryOf(resolved.payment.id, 'TOPUP')).toEqual(
      expect.arrayContaining([{ account: 'MPESA_CLEARING', amount: -25000n }]),
    );
    const again = await api.post(`/api/ops/money/unmatched/${kept.id}/resolve`, finance, {
      uid: player.uid,
      reason: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().statusMessage).toBe(moneyOpsMessages.alreadyResolved);
    expect(await api.balance(player)).toBe(250);
    const { timeline } = await api.detail(resolved.payment.id, finance);
    expect(timeline.some((item) => item.kind === 'callback')).toBe(true);
    const audited = (await auditOf(String(kept.id))).filter((entry) => entry.targetId === String(kept.id));
    expect(audited.map((entry) => entry.action)).toEqual(['payments.resolve-callback']);
    expect(audited[0]).toMatchObject({ reason: 'Support ticket 12', after: { uid: player.uid } });
    await ledgerSound();
  });

  it('never credits a payout result to a player', async () => {
    const [parked] = await db()
      .insert(unmatchedMpesaCallbacks)
      .values({
        kind: 'b2c/result',
        originatorConversationId: 'oc-1',
        resultCode: 0,
        amountCents: 5000n,
        status: 'OPERATOR',
        reason: 'ConversationID does not match',
        body: { Result: { ResultCode: 0 } },
      })
      .returning();
    const player = await api.newPlayer();
    const refused = await api.post(`/api/ops/money/unmatched/${parked?.id}/resolve`, finance, {
      uid: player.uid,
      reason: 'Try',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().statusMessage).toBe(moneyOpsMessages.notMoneyIn);
    expect(await api.balance(player)).toBe(0);
  });
});

describe('the daily reconciliation', () => {
  it('lays each provider beside the ledger for the day, lists the differences and exports them as CSV', async () => {
    const player = await api.newPlayer();
    const mpesa = await api.mpesaTopUp(player, 111);
    const { intent: card } = await api.cardSubscription(player, 'Bronze');
    const airtime = await api.airtimeBronze(player);
    expect(airtime.status).toBe('COMPLETED');
    // Paid at M-Pesa, not yet in our ledger: the provider says more than we do.
    const lost = await api.mpesaTopUp(player, 112, '254700000005', false);
    await paidAtMpesa(lost.id);
    // A withdrawal: the sandbox's statement writes it as "-60.00" under Withdrawn, which must read back.
    const out = await api.post('/api/wallets/withdraw', player, {
      paymentMethodId: METHOD.MPESA,
      amount: 60,
      mpesaPhoneNumber: '0712345678',
    });
    expect(out.statusCode, out.body).toBe(200);
    const withdrawal = await api.settled(player, out.json().payload.id);
    expect(withdrawal.status).toBe('COMPLETED');
    await t.sandbox.settled();
    const day = nairobiToday();

    const report = (await api.get(`/api/ops/money/reconciliation?day=${day}`, finance)).json()
      .payload as ReconciliationReport;
    const part = (provider: string) => {
      const found = report.providers.find((p) => p.provider === provider);
      if (!found) throw new Error(`no ${provider}`);
      return found;
    };
    expect(report.timeZone).toBe('Africa/Nairobi');
    for (const provider of ['MPESA', 'CARD', 'AIRTIME']) expect(part(provider).available).toBe(true);
    expect(part('MPESA').source).toBe('the Daraja sandbox statement');
    expect(part('MPESA').differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ difference: 'provider-only', providerAmount: 112, ledgerAmount: null }),
      ]),
    );
    expect(part('MPESA').differences.some((line) => line.intentId === mpesa.id)).toBe(false);
    expect(part('CARD').differences.some((line) => line.intentId === card.id)).toBe(false);
    expect(part('AIRTIME').differences.some((line) => line.intentId === airtime.id)).toBe(false);
    // The withdrawal is on both sides and matched: paid out at M-Pesa as in the ledger.
    expect(part('MPESA').differences.some((line) => line.intentId === withdrawal.id)).toBe(false);
    expect(part('MPESA').providerOut).toBeGreaterThanOrEqual(60);
    expect(part('MPESA').providerOut).toBe(part('MPESA').ledgerOut);
    // The totals differ by exactly the differences listed (the kept callback credited by hand earlier
    // in this file is in the ledger and not at M-Pesa: ledger-only).
    const mpesaPart = part('MPESA');
    const listed = mpesaPart.differences
      .filter((line) => line.direction === 'IN')
      .reduce((sum, line) => sum + (line.providerAmount ?? 0) - (line.ledgerAmount ?? 0), 0);
    expect(Math.round((mpesaPart.providerIn - mpesaPart.ledgerIn) * 100) / 100).toBe(listed);

    // Asked now, the lost top-up is in the ledger too: its line matches (by phone and amount, no receipt).
    await api.post(`/api/ops/money/payments/${lost.id}/ask-provider`, finance);
    const after = (await api.get(`/api/ops/money/reconciliation?day=${day}`, finance)).json()
      .payload as ReconciliationReport;
    const mpesaAfter = after.providers.find((p) => p.provider === 'MPESA');
    expect(mpesaAfter?.differences.filter((line) => line.providerAmount === 112)).toEqual([]);

    const csv = await api.get(`/api/ops/money/reconciliation/csv?day=${day}`, finance);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'day,provider,direction,reference,intent_id,phone,provider_amount_kes,ledger_amount_kes,at,difference',
    );
    expect(lines.some((line) => line.includes(card.id) && line.endsWith(',matched'))).toBe(true);
    expect((await api.get('/api/ops/money/reconciliation?day=2026-13-40', finance)).statusCode).toBe(400);
  }, 60_000);

  it("reads an uploaded M-Pesa statement instead of the sandbox's, and refuses one it cannot read", async () => {
    const day = '2031-01-15';
    const csv = [
      'Account Holder,PlayOn',
      'Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Other Party Info,A/C No.',
      'UPL0000001,2031-01-15 10:00:00,2031-01-15 09:59:50,Customer Payment,Completed,"1,500.00",,1500.00,254712345678 - Jane,PlayOn',
      'UPL0000002,2031-01-15 11:00:00,2031-01-15 10:59:50,Business Payment,Failed,,-20.00,1500.00,254712345678 - Jane,',
    ].join('\n');
    const saved = await api.post('/api/ops/money/reconciliation/mpesa-statement', finance, { day, csv });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().payload).toEqual({ day, transactions: 1 });
    const report = (await api.get(`/api/ops/money/reconciliation?day=${day}`, finance)).json()
      .payload as ReconciliationReport;
    const mpesa = report.providers.find((p) => p.provider === 'MPESA');
    expect(mpesa?.source).toContain(finance.email);
    expect(mpesa?.providerIn).toBe(1500);
    expect(mpesa?.differences).toEqual([
      expect.objectContaining({ reference: 'UPL0000001', difference: 'provider-only', providerAmount: 1500 }),
    ]);
    const junk = await api.post('/api/ops/money/reconciliation/mpesa-statement', finance, {
      day,
      csv: 'a,b\n1,2',
    });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().statusMessage).toBe(moneyOpsMessages.statementEmpty);
  });
});
