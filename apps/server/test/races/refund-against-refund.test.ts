import { moneyOpsMessages, type RefundRequest } from '@playon/shared/ops-money';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsTestApp, TestApp } from '../support/app.ts';
import { clockedTopUp, createClockedTestApp } from '../support/clocked-top-up.ts';
import { expectLedgerSound } from '../support/ledger-audit.ts';
import { METHOD, moneyApi } from '../support/money.ts';
import { signUpOperator } from '../support/operators.ts';
import type { TestPlayer } from '../support/players.ts';
import { createSandboxClock } from '../support/sandbox-clock.ts';

// Operators refunding the same payment at the same moment, to the wallet, by M-Pesa and to the card,
// in whole and in part: the payment's row lock (payments/refunds.ts) lets one refund at a time look
// at what is left, so the refunds never add up to more than the payment.
const ROUNDS = 8;
const clock = createSandboxClock();
let t: TestApp;
let api: ReturnType<typeof moneyApi>;
let payer: TestPlayer;
let operators: TestPlayer[];

beforeAll(async () => {
  t = await createClockedTestApp(clock, {
    RATE_LIMIT_PAYMENTS_PER_MINUTE: '10000',
    PAYMENT_PROMPTS_PER_PHONE_PER_HOUR: '10000',
    RECONCILE_AFTER_MS: '3600000',
  });
  api = moneyApi(t as PaymentsTestApp);
  payer = await api.newPlayer();
  operators = [
    await signUpOperator(t.app, t.database.db, 'finance'),
    await signUpOperator(t.app, t.database.db, 'finance'),
    await signUpOperator(t.app, t.database.db, 'admin'),
  ];
  // The wallet the subscriptions of every round are paid from.
  await clockedTopUp(t.app, clock, payer, 20_000);
}, 120_000);

afterAll(() => t?.close());

interface Paid {
  id: string;
  amount: number;
  destination: RefundRequest['destination'];
}

/** This round's payments: a subscription from the wallet, an M-Pesa top-up and a card subscription. */
async function paymentsOfRound(): Promise<Paid[]> {
  const bought = await api.post('/api/payments/subscribe', payer, {
    paymentMethodId: METHOD.WALLET,
    subscriptionPackageId: 1,
  });
  expect(bought.statusCode, bought.body).toBe(200);
  const fromWallet = await api.settled(payer, bought.json().payload.id);
  const topUp = await clockedTopUp(t.app, clock, payer, 100);
  const { intent: byCard } = await api.cardSubscription(payer, 'Silver');
  return [
    { id: fromWallet.id, amount: fromWallet.amount, destination: 'WALLET' },
    { id: topUp.id, amount: topUp.amount, destination: 'MPESA' },
    { id: byCard.id, amount: byCard.amount, destination: 'CARD' },
  ];
}

/** Whole refunds and parts that two together exceed: at most the payment may go back. */
const asks = (paid: Paid): (number | undefined)[] => {
  const part = Math.ceil(paid.amount * 0.6);
  return [undefined, part, part, undefined, part];
};

const refundedOf = async (id: string) => {
  const result = (await t.database.db.execute(
    sql`select count(*)::int as n, coalesce(sum(amount_cents), 0)::int as cents from payment_intents
        where refund_of = ${id} and status not in ('ERROR', 'CANCELLED')`,
  )) as unknown as { rows: { n: number; cents: number }[] };
  return result.rows[0] ?? { n: 0, cents: 0 };
};

/** The refusals an operator reads when the payment was refunded meanwhile: in full, or too little left. */
const MORE_THAN_LEFT = moneyOpsMessages.moreThanLeft('').split(' (')[0] ?? '';
const isRefusal = (response: LightMyRequestResponse) => {
  const message = response.json().statusMessage as string;
  return (
    response.statusCode === 409 &&
    (message === moneyOpsMessages.refundedInFull || message.startsWith(`${MORE_THAN_LEFT} (KES `))
  );
};

describe('operators refunding the same payments at once', () => {
  it('never give back more than was paid, refuse the rest with the reason, and keep the ledger balanced', {
    timeout: 180_000,
  }, async () => {
    let accepted = 0;
    let refused = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const payments = await paymentsOfRound();
      const sent = payments.flatMap((paid) =>
        asks(paid).map((amount, index) => ({
          paid,
          amount,
          answer: api.refund(paid.id, operators[index % operators.length] as TestPlayer, {
            destination: paid.destination,
            reason: `Round ${round}: the player asked twice`,
            ...(amount === undefined ? {} : { amount }),
          }),
        })),
      );
      const answers = await Promise.all(sent.map(async (s) => ({ ...s, response: await s.answer })));
      for (const paid of payments) {
        const mine = answers.filter((a) => a.paid === paid);
        const ok = mine.filter((a) => a.response.statusCode === 200);
        const others = mine.filter((a) => a.response.statusCode !== 200);
        for (const { response } of others) expect(isRefusal(response), response.body).toBe(true);
        const cents = ok.reduce(
          (sum, a) => sum + Math.round(a.response.json().payload.refund.amount * 100),
          0,
        );
        expect(ok.length, `${paid.destination}: someone's refund went through`).toBeGreaterThan(0);
        expect(cents, `${paid.destination} refunds`).toBeLessThanOrEqual(Math.round(paid.amount * 100));
        expect(await refundedOf(paid.id)).toEqual({ n: ok.length, cents });
        accepted += ok.length;
        refused += others.length;
      }
    }
    console.log(`race refund-against-refund rounds=${ROUNDS} accepted=${accepted} refused=${refused}`);
    await expectLedgerSound(t.database.db);
  });
});
