import { randomUUID } from 'node:crypto';
import type { PaymentIntent } from '@playon/shared/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntents } from '../../src/modules/payments/schema.ts';
import type { PaymentService } from '../../src/modules/payments/service.ts';
import { createIdempotency, type Idempotency, type KeyHold } from '../../src/platform/idempotency/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createTestPaymentService, failingWhile } from '../support/payment-service.ts';
import { recordingDaraja, stkCallbackBody } from '../support/payments.ts';

// A request that dies after its payment committed (the process is killed, the provider call throws
// something unforeseen): the retry with the same Idempotency-Key must learn that payment, never
// start a second one. The route gives the payment's transaction the key's answer to record
// (`onCommitted`); these tests drive the same two pieces, the service and the key, and let the
// first attempt die right after the commit.
let t: TestApp;
let payments: PaymentService;
let idempotency: Idempotency;
const daraja = recordingDaraja();
let stkCrash: Error | null = null;

beforeAll(async () => {
  t = await createTestApp();
  idempotency = createIdempotency(t.database.db, { waitMs: 2_000 });
  ({ payments } = await createTestPaymentService(t, {
    daraja: failingWhile(daraja.client, 'stkPush', () => stkCrash),
  }));
});
afterAll(() => t.close());

const newPlayer = () => ({ uid: `player-${randomUUID()}`, email: undefined });
/** A phone of its own per test: one phone has one open prompt at a time. */
const newPhone = () => `2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const answer = (payload: PaymentIntent) => ({
  statusCode: 200,
  body: { statusCode: 200, statusMessage: 'started', payload },
});

/** One attempt under `key`, as the payment routes run it; `runs` counts the attempts that ran. */
function attempt(
  who: { uid: string },
  key: string,
  scope: string,
  body: unknown,
  start: (hold: KeyHold) => Promise<PaymentIntent>,
  runs: { count: number },
) {
  return idempotency.run({ playerUid: who.uid, key, scope, body }, async (hold) => {
    runs.count += 1;
    return answer(await start(hold));
  });
}

const intentsOf = (uid: string) =>
  t.database.db.select().from(paymentIntents).where(eq(paymentIntents.playerUid, uid));

describe('a retry after the first attempt died with its payment committed', () => {
  it('gets the top-up the first attempt created, and no second prompt goes to the phone', async () => {
    const who = newPlayer();
    const key = randomUUID();
    const body = { paymentMethodId: 2, amount: 120, mpesaPhoneNumber: newPhone() };
    const runs = { count: 0 };
    const topUp = (hold: KeyHold) =>
      payments.topUp(who, body, (intent, tx) => hold.record(tx, answer(intent)));

    stkCrash = new Error('the process died before the push went out');
    await expect(attempt(who, key, 'top-up', body, topUp, runs)).rejects.toThrow('the process died');
    stkCrash = null;
    const pushesBefore = daraja.stk.size;

    const retry = await attempt(who, key, 'top-up', body, topUp, runs);
    const [created, ...more] = await intentsOf(who.uid);
    expect(more).toEqual([]);
    expect(runs.count).toBe(1);
    expect(retry.body).toMatchObject({ payload: { id: created?.id, status: 'PENDING', amount: 120 } });
    expect(daraja.stk.size).toBe(pushesBefore);
  });

  it('gets the withdrawal the first attempt reserved, and the wallet is debited once', async () => {
    const who = newPlayer();
    const phone = newPhone();
    const funding = await payments.topUp(who, { paymentMethodId: 2, amount: 1000, mpesaPhoneNumber: phone });
    const [checkoutRequestId, asked] = [...daraja.stk.entries()].at(-1) ?? [];
    if (!checkoutRequestId || !asked) throw new Error('no push recorded');
    await payments.handleCallback(
      'stk',
      stkCallbackBody({
        merchantRequestId: asked.merchantRequestId,
        checkoutRequestId,
        resultCode: 0,
        amount: 1000,
        receipt: `R${randomUUID().slice(0, 9)}`,
        phone,
      }),
    );
    expect((await payments.intentOf(who, funding.id)).status).toBe('COMPLETED');

    const key = randomUUID();
    const body = { paymentMethodId: 2, amount: 400, mpesaPhoneNumber: phone };
    const runs = { count: 0 };
    const withdraw = (hold: KeyHold) =>
      payments.withdraw(who, body, (intent, tx) => hold.record(tx, answer(intent)));
    const dying = async (hold: KeyHold) => {
      await withdraw(hold);
      throw new Error('the process died before it answered');
    };

    await expect(attempt(who, key, 'withdraw', body, dying, runs)).rejects.toThrow('the process died');
    const retry = await attempt(who, key, 'withdraw', body, withdraw, runs);

    const withdrawals = (await intentsOf(who.uid)).filter((intent) => intent.type === 'WITHDRAWAL');
    expect(withdrawals).toHaveLength(1);
    expect(runs.count).toBe(1);
    expect(retry.body).toMatchObject({ payload: { id: withdrawals[0]?.id, type: 'WITHDRAWAL' } });
  });
});
