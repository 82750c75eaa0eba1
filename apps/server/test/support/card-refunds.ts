import { randomUUID } from 'node:crypto';
import type { PaymentIntent } from '@playon/shared/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { RECONCILE_JOB } from '../../src/modules/payments/jobs.ts';
import { paymentIntents } from '../../src/modules/payments/schema.ts';
import { journalEntries } from '../../src/modules/wallet/schema.ts';
import type { TestApp } from './app.ts';
import { createClockedTestApp } from './clocked-top-up.ts';
import { runJobsNow } from './jobs.ts';
import { METHOD } from './money.ts';
import { signUpOperator } from './operators.ts';
import { bearer, type TestPlayer } from './players.ts';
import type { createSandboxClock } from './sandbox-clock.ts';

/**
 * Card top-ups and their refunds to the card on an app whose card sandbox runs on `clock`
 * (clocked-top-up.ts `createClockedTestApp`): the gateway processes a refund only when the test
 * moves the clock, so what happens while it is pending there can be looked at.
 */
export function clockedCardRefunds(
  t: TestApp,
  clock: ReturnType<typeof createSandboxClock>,
  finance: TestPlayer,
) {
  const intentRow = async (id: string) =>
    (await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, id)))[0];

  return {
    intentRow,

    /** The kinds of the ledger entries an intent has posted, sorted. */
    entryKinds: async (id: string) =>
      (await t.database.db.select().from(journalEntries).where(eq(journalEntries.intentId, id)))
        .map((entry) => entry.kind)
        .sort(),

    /** A top-up paid on the sandbox's checkout with `card`; the browser comes back and it is verified. */
    async cardTopUp(player: TestPlayer, amount: number, card = '4242 4242 4242 4242') {
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/payments/top-up',
        headers: { ...bearer(player.token), 'idempotency-key': randomUUID() },
        payload: { paymentMethodId: METHOD.CARD, amount },
      });
      expect(started.statusCode, started.body).toBe(200);
      const intent = started.json().payload as PaymentIntent;
      const paid = await fetch(intent.txGwSessionUrl ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ cardNumber: card, expiry: '12/39', cvc: '123' }).toString(),
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      const back = new URL(paid.headers.get('location') ?? '');
      await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
      // The charge.success webhook comes too, and changes nothing more.
      await clock.advance(1000);
      expect((await intentRow(intent.id))?.status).toBe('COMPLETED');
      return intent;
    },

    /**
     * Finance refunds a payment to the card (all of it, or `amount` KES); the refund's job asks the
     * gateway, which holds it pending until the clock moves.
     */
    async refundToCard(paymentId: string, amount?: number) {
      const refunded = await t.app.inject({
        method: 'POST',
        url: `/api/ops/money/payments/${paymentId}/refund`,
        headers: { ...bearer(finance.token), 'idempotency-key': randomUUID() },
        payload: { destination: 'CARD', reason: 'Charged twice', ...(amount ? { amount } : {}) },
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      const refundId = refunded.json().payload.refund.id as string;
      await runJobsNow(t.database.db, t.app.jobs, RECONCILE_JOB);
      const sent = await intentRow(refundId);
      expect(sent).toMatchObject({ status: 'IN_PROGRESS', type: 'REFUND', methodCode: 'CARD' });
      expect(sent?.cardRefundId).not.toBeNull();
      return refundId;
    },
  };
}

export type ClockedCardRefunds = ReturnType<typeof clockedCardRefunds>;

/**
 * A test file's app on `clock` (reconciliation left to the test), a finance operator and the card
 * refunds above, made before its tests and closed after them; `ready` receives them.
 */
export function clockedCardRefundsApp(
  clock: ReturnType<typeof createSandboxClock>,
  ready: (made: { t: TestApp; finance: TestPlayer; card: ClockedCardRefunds }) => void,
) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createClockedTestApp(clock, { RECONCILE_AFTER_MS: '600000' });
    const finance = await signUpOperator(t.app, t.database.db, 'finance');
    ready({ t, finance, card: clockedCardRefunds(t, clock, finance) });
  }, 60_000);
  afterAll(() => t?.close());
}
