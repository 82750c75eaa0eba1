import { randomUUID } from 'node:crypto';
import type { PaymentIntent } from '@playon/shared/payments';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntents } from '../../src/modules/payments/schema.ts';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { expectLedgerSound } from '../support/ledger-audit.ts';
import { playerApi } from '../support/player-api.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

// ADR 0028, 0043: a withdrawal's Idempotency-Key is written by the payment's own statement. A repeat,
// even one sent at the same moment, still gets the first answer, and money leaves the wallet once.
let t: PaymentsTestApp;
beforeAll(async () => {
  t = await createPaymentsTestApp();
});
afterAll(() => t.close());

const MPESA = 2;
const { get, balance, toppedUp } = playerApi(() => t.app);

const withdraw = (player: TestPlayer, key: string, amount = 100) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallets/withdraw',
    headers: { ...bearer(player.token), 'idempotency-key': key },
    payload: { paymentMethodId: MPESA, amount, mpesaPhoneNumber: '0712345678' },
  });

async function fundedPlayer(amount: number) {
  const player = await signUpPlayer(t.app);
  await toppedUp(player, amount);
  return player;
}

describe('a withdrawal sent several times with one Idempotency-Key', () => {
  it('starts one payout when the repeats arrive together, and answers each with the same payment', async () => {
    const player = await fundedPlayer(1_000);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => withdraw(player, key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(answers.map((answer) => (answer.json().payload as PaymentIntent).id));
    expect(ids.size).toBe(1);
    // KES 100 and its fee, once.
    const fee = (await get(player, '/api/wallets/withdraw-charges/100')).json().payload as number;
    expect(await balance(player)).toBe(1_000 - 100 - fee);
    const later = await withdraw(player, key);
    expect(later.json()).toEqual(answers[0]?.json());
    await expectLedgerSound(t.database.db);
  });

  it('keeps a refusal as the answer: the same key still says the wallet was short after a top-up', async () => {
    const player = await signUpPlayer(t.app);
    const key = randomUUID();
    const refused = await withdraw(player, key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().payload).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    // Its one statement wrote nothing: no intent, so no jobs and no entry.
    const [intents] = await t.database.db
      .select({ n: count() })
      .from(paymentIntents)
      .where(eq(paymentIntents.playerUid, player.uid));
    expect(intents?.n).toBe(0);

    await toppedUp(player, 500);
    const again = await withdraw(player, key);
    expect(again.json()).toEqual(refused.json());
    expect(await balance(player)).toBe(500);
    // A new key is a new request, which the wallet now covers.
    expect((await withdraw(player, randomUUID())).statusCode).toBe(200);
  });

  it('refuses the same key with another amount, and leaves the wallet as the first request left it', async () => {
    const player = await fundedPlayer(1_000);
    const key = randomUUID();
    expect((await withdraw(player, key, 100)).statusCode).toBe(200);
    const left = await balance(player);
    const other = await withdraw(player, key, 200);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      statusMessage: 'This Idempotency-Key was already used for a different request.',
      payload: { code: 'CONFLICT' },
    });
    expect(await balance(player)).toBe(left);
  });
});
