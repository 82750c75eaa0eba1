import { randomInt } from 'node:crypto';
import { paymentPaceMessages } from '@playon/shared/payments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletService } from '../../src/modules/wallet/service.ts';
import { sandboxDarajaTransactions } from '../../src/sandbox/daraja/schema.ts';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { playerApi } from '../support/player-api.ts';
import { signUpPlayer, type TestPlayer } from '../support/players.ts';

// The money endpoints' limits: so many payments a player may start, so many prompts a phone may be
// sent, and never two STK prompts open on one phone at once (ADR 0018).
let t: PaymentsTestApp;
beforeAll(async () => {
  t = await createPaymentsTestApp({
    RATE_LIMIT_PAYMENTS_PER_MINUTE: '3',
    PAYMENT_PROMPTS_PER_PHONE_PER_HOUR: '3',
  });
});
afterAll(() => t.close());

const MPESA = 2;
const CARD = 3;
const { post, get, final } = playerApi(() => t.app);
/** A phone nobody else in the run uses: the sandbox pays it at once. */
const freshPhone = () => `07${randomInt(10_000_000, 99_999_999)}`;
/** A phone whose prompt waits until someone answers it on the sandbox (0700 900 000 to 0700 999 999). */
const handPhone = () => `07009${randomInt(10_000, 99_999)}`;
const promptsSentTo = async (phone: string) =>
  (
    await t.database.db
      .select({ id: sandboxDarajaTransactions.id })
      .from(sandboxDarajaTransactions)
      .where(
        and(
          eq(sandboxDarajaTransactions.kind, 'stk'),
          eq(sandboxDarajaTransactions.phone, `254${phone.slice(1)}`),
        ),
      )
  ).length;

async function expectLedgerSound() {
  const { accounts, unbalanced } = await createWalletService(t.database.db).audit();
  expect(unbalanced).toEqual([]);
  for (const account of accounts.filter((a) => a.kind === 'WALLET')) expect(account.balance >= 0n).toBe(true);
  expect(accounts.reduce((sum, a) => sum + a.postingsSum, 0n)).toBe(0n);
}

describe('payments one player may start', () => {
  it('are limited per minute across top-up, subscribe and withdraw, with a clear 429; others are not held up', async () => {
    const player = await signUpPlayer(t.app);
    for (let i = 0; i < 3; i++) {
      const started = await post(player, '/api/payments/top-up', { paymentMethodId: CARD, amount: 10 });
      expect(started.statusCode, started.body).toBe(200);
    }
    for (const [url, payload] of [
      ['/api/payments/top-up', { paymentMethodId: CARD, amount: 10 }],
      ['/api/wallets/withdraw', { paymentMethodId: MPESA, amount: 10, mpesaPhoneNumber: freshPhone() }],
      ['/api/payments/subscribe', { paymentMethodId: CARD, subscriptionPackageId: 1 }],
    ] as const) {
      const refused = await post(player, url, payload);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        statusMessage: paymentPaceMessages.tooManyPayments,
        payload: { code: 'RATE_LIMITED' },
      });
      expect(refused.headers['retry-after']).toBeDefined();
    }
    const other = await signUpPlayer(t.app);
    expect(
      (await post(other, '/api/payments/top-up', { paymentMethodId: CARD, amount: 10 })).statusCode,
    ).toBe(200);
  });
});

describe('prompts one phone may be sent', () => {
  it('are limited per hour whoever asks: the fourth is refused with 429 on the phone field, nothing sent', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 3; i++) {
      const player = await signUpPlayer(t.app);
      const started = await post(player, '/api/payments/top-up', {
        paymentMethodId: MPESA,
        amount: 50,
        mpesaPhoneNumber: phone,
      });
      expect(started.statusCode, started.body).toBe(200);
      expect((await final(player, started.json().payload.id)).status).toBe('COMPLETED');
    }
    const fourth = await signUpPlayer(t.app);
    const refused = await post(fourth, '/api/payments/top-up', {
      paymentMethodId: MPESA,
      amount: 50,
      mpesaPhoneNumber: phone,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      statusMessage: paymentPaceMessages.tooManyPrompts,
      payload: { code: 'RATE_LIMITED', fields: { mpesaPhoneNumber: paymentPaceMessages.tooManyPrompts } },
    });
    expect(await promptsSentTo(phone)).toBe(3);
    const elsewhere = await post(fourth, '/api/payments/top-up', {
      paymentMethodId: MPESA,
      amount: 50,
      mpesaPhoneNumber: freshPhone(),
    });
    expect(elsewhere.statusCode).toBe(200);
    await expectLedgerSound();
  });
});

describe('an STK prompt open on a phone', () => {
  it('is never joined by a second: five players at once, one prompt, the others refused with 409 and nothing taken', async () => {
    const phone = handPhone();
    const players = await Promise.all(Array.from({ length: 5 }, () => signUpPlayer(t.app)));
    const answers = await Promise.all(
      players.map((player) =>
        post(player, '/api/payments/top-up', { paymentMethodId: MPESA, amount: 70, mpesaPhoneNumber: phone }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json()).toMatchObject({
        statusMessage: paymentPaceMessages.promptOpen,
        payload: { code: 'CONFLICT', fields: { mpesaPhoneNumber: paymentPaceMessages.promptOpen } },
      });
    }
    expect(await promptsSentTo(phone)).toBe(1);

    // The person pays the one prompt; the phone is free again for the next payment.
    const answered = await t.app.inject({
      method: 'POST',
      url: `/sandbox/daraja/phones/254${phone.slice(1)}/answer`,
      payload: { answer: 'pay' },
    });
    expect(answered.statusCode).toBe(303);
    const paid = answers.find((answer) => answer.statusCode === 200);
    const payer = players[answers.indexOf(paid as (typeof answers)[number])] as TestPlayer;
    expect((await final(payer, paid?.json().payload.id)).status).toBe('COMPLETED');
    const next = await post(players[0] as TestPlayer, '/api/payments/top-up', {
      paymentMethodId: MPESA,
      amount: 70,
      mpesaPhoneNumber: phone,
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(await promptsSentTo(phone)).toBe(2);

    for (const player of players) {
      const expected = player === payer ? 70 : 0;
      expect((await get(player, '/api/wallets/balance')).json().payload.balance).toBe(expected);
    }
    await expectLedgerSound();
    // The refusals first wait 10 s for the open prompt to end: a ceiling above the default.
  }, 60_000);
});
