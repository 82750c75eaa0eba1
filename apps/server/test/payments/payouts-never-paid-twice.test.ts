import type { PaymentIntent } from '@playon/shared/payments';
import type { WalletTransaction } from '@playon/shared/wallet';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, paymentIntents } from '../../src/modules/payments/schema.ts';
import { sandboxDarajaTransactions } from '../../src/sandbox/daraja/schema.ts';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { expectLedgerSound } from '../support/ledger-audit.ts';
import { playerApi } from '../support/player-api.ts';
import { signUpPlayer } from '../support/players.ts';

// A payout whose first B2C answer never came must not be paid twice, nor paid and refunded: Daraja
// refuses a repeated OriginatorConversationID with HTTP 500 500.002.1001, or takes it and fails it
// with ResultCode 15 while the first is paid (ADR 0074). The sandbox's test phones play both
// (docs/mpesa-sandbox.md, "Payouts on their way"); the whole app settles them on its own.
let t: PaymentsTestApp;
beforeAll(async () => {
  t = await createPaymentsTestApp();
});
afterAll(() => t.close());

const MPESA = 2;
const { post, get, final, balance, toppedUp } = playerApi(() => t.app);

async function withdrawTo(phone: string) {
  const player = await signUpPlayer(t.app);
  await toppedUp(player, 500);
  const started = await post(player, '/api/wallets/withdraw', {
    paymentMethodId: MPESA,
    amount: 200,
    mpesaPhoneNumber: phone,
  });
  expect(started.statusCode, started.body).toBe(200);
  return { player, payout: started.json().payload as PaymentIntent };
}

/** What the sandbox paid to `phone` (in shillings), payment by payment. */
const paidTo = async (phone: string) =>
  (
    await t.database.db
      .select()
      .from(sandboxDarajaTransactions)
      .where(and(eq(sandboxDarajaTransactions.phone, phone), eq(sandboxDarajaTransactions.resultCode, 0)))
  ).map((row) => ({ amount: row.amount, receipt: row.receipt }));

const receiptOf = async (intentId: string) =>
  (await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, intentId)))[0]?.receipt;

const b2cRequestsSent = async (intentId: string) =>
  (
    await t.database.db
      .select()
      .from(paymentEvents)
      .where(
        and(
          eq(paymentEvents.intentId, intentId),
          eq(paymentEvents.operation, 'b2c'),
          eq(paymentEvents.kind, 'request-sent'),
        ),
      )
  ).length;

describe('a payout whose B2C answer was lost', () => {
  it('is found paid by Transaction Status and settled once, never sent again into 500.002.1001 (0700000008)', async () => {
    const { player, payout } = await withdrawTo('0700000008');

    const done = await final(player, payout.id);
    expect(done.status).toBe('COMPLETED');
    expect(await balance(player)).toBe(295);
    const receipt = await receiptOf(payout.id);
    expect(receipt).toBeTruthy();
    expect((await paidTo('254700000008')).filter((payment) => payment.receipt === receipt)).toEqual([
      { amount: 200, receipt },
    ]);
    expect(await b2cRequestsSent(payout.id)).toBe(1);
    await expectLedgerSound(t.database.db);
  });

  it('sent again once Daraja said it had none, its repeat failing with ResultCode 15: paid once, never refunded (0700001000)', async () => {
    const phone = `07000010${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
    const { player, payout } = await withdrawTo(phone);

    const done = await final(player, payout.id);
    expect(done.status).toBe('COMPLETED');
    expect(await balance(player)).toBe(295);
    const history = (await get(player, '/api/wallets/list')).json().payload as WalletTransaction[];
    expect(history.filter((row) => row.transactionDescId === 'WITHDRAWAL_REVERSAL')).toEqual([]);
    const receipt = await receiptOf(payout.id);
    expect(receipt).toBeTruthy();
    expect((await paidTo(`254${phone.slice(1)}`)).filter((payment) => payment.receipt === receipt)).toEqual([
      { amount: 200, receipt },
    ]);
    // The first request, then the one sent after Transaction Status found nothing: the repeat.
    expect(await b2cRequestsSent(payout.id)).toBe(2);
    await expectLedgerSound(t.database.db);
  });
});
