import { randomUUID } from 'node:crypto';
import type { PaymentIntent } from '@playon/shared/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { playerApi } from '../support/player-api.ts';
import { bearer, signUpPlayer } from '../support/players.ts';
import { statementsDuring } from '../support/statements.ts';

/**
 * What one withdrawal costs PostgreSQL (ADR 0028, 0043): the bench's hot path, one
 * statement with no BEGIN or COMMIT around it. A change that adds a statement or a transaction to
 * every withdrawal fails here.
 */
const STATEMENTS_PER_WITHDRAWAL = 1;
const MPESA = 2;

let t: PaymentsTestApp;
beforeAll(async () => {
  t = await createPaymentsTestApp();
});
afterAll(() => t.close());

const { get, balance, toppedUp } = playerApi(() => t.app);

describe('a withdrawal', () => {
  it(`costs at most ${STATEMENTS_PER_WITHDRAWAL} statements, and a repeat of its key sends the first answer`, async () => {
    const player = await signUpPlayer(t.app);
    await toppedUp(player, 1_000);
    expect(await balance(player)).toBe(1_000);
    await t.sandbox.settled();
    // The worker's polls would be counted with the withdrawal's statements.
    await t.app.jobs.stop();

    const key = randomUUID();
    const withdraw = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/wallets/withdraw',
        headers: { ...bearer(player.token), 'idempotency-key': key },
        payload: { paymentMethodId: MPESA, amount: 100, mpesaPhoneNumber: '0712345678' },
      });
    let first: Awaited<ReturnType<typeof withdraw>> | undefined;
    const statements = await statementsDuring(
      t.database,
      async () => {
        first = await withdraw();
      },
      { transactionControl: true },
    );
    expect(first?.statusCode, first?.body).toBe(200);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(STATEMENTS_PER_WITHDRAWAL);
    const repeat = await withdraw();
    expect(repeat.json()).toEqual(first?.json());
    // The answer was stored before the intent was read back: it says what the intent says.
    const started = first?.json().payload as PaymentIntent;
    const read = (await get(player, `/api/payments/${started.id}`)).json().payload as PaymentIntent;
    expect(read).toEqual(started);
    // KES 100 and its fee, once.
    const fee = (await get(player, '/api/wallets/withdraw-charges/100')).json().payload as number;
    expect(await balance(player)).toBe(1_000 - 100 - fee);
  });
});
