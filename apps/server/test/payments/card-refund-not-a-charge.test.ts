import { randomUUID } from 'node:crypto';
import type { WalletTransaction } from '@playon/shared/wallet';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYSTACK_SIGNATURE_HEADER, signWebhookBody } from '../../src/platform/paystack/webhook.ts';
import { sandboxPaystackRefunds } from '../../src/sandbox/paystack/schema.ts';
import type { TestApp } from '../support/app.ts';
import { type ClockedCardRefunds, clockedCardRefundsApp } from '../support/card-refunds.ts';
import { expectLedgerSound } from '../support/ledger-audit.ts';
import { eventually } from '../support/payments.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { createSandboxClock } from '../support/sandbox-clock.ts';

// A refund to the card is a REFUND intent of method CARD whose id the player reads in their history.
// The card return and the charge.success webhook name a charge by its reference: given a refund's
// id, they must find nothing, so a stranger cannot fail the refund (and have its money put back in
// the wallet while the gateway still refunds the card) nor settle it before the gateway has.
// Refunds move only on the gateway's word about the refund itself (ADR 0069).

const clock = createSandboxClock();
let t: TestApp;
let finance: TestPlayer;
let card: ClockedCardRefunds;
clockedCardRefundsApp(clock, (made) => {
  ({ t, finance, card } = made);
});

const db = () => t.database.db;
const get = (url: string, who?: TestPlayer) =>
  t.app.inject({ method: 'GET', url, headers: who ? bearer(who.token) : {} });
const intentRow = (id: string) => card.intentRow(id);
const entryKinds = (id: string) => card.entryKinds(id);
const balance = async (player: TestPlayer) =>
  (await get('/api/wallets/balance', player)).json().payload.balance as number;

/** Lets the gateway process what it holds: the refund, then its signed refund.processed webhook. */
async function gatewayProcesses(refundId: string) {
  await clock.advance(1000);
  const [atGateway] = await db()
    .select()
    .from(sandboxPaystackRefunds)
    .where(eq(sandboxPaystackRefunds.merchantNote, refundId));
  expect(atGateway?.status).toBe('processed');
  return eventually(
    () => intentRow(refundId),
    (row) => row?.status === 'COMPLETED',
  );
}

describe('a refund to the card named where a card charge is expected', () => {
  it('is left alone when a stranger opens the card return with its id, and completes when the gateway processes it', async () => {
    const player = await signUpPlayer(t.app);
    const topUp = await card.cardTopUp(player, 500);
    expect(await balance(player)).toBe(500);
    const refundId = await card.refundToCard(topUp.id);
    expect(await balance(player)).toBe(0);

    // The player sees the refund's id in their history.
    const history = (await get('/api/wallets/list', player)).json().payload as WalletTransaction[];
    expect(history.map((row) => row.id)).toContain(refundId);

    // Anyone opens the card return with it, without signing in.
    const opened = await get(`/api/payments/callbacks/card/return?reference=${refundId}&trxref=${refundId}`);
    expect(opened.statusCode).toBe(302);
    expect(await intentRow(refundId)).toMatchObject({ status: 'IN_PROGRESS', message: null });
    expect(await entryKinds(refundId)).toEqual(['REFUND']);
    expect(await balance(player)).toBe(0);
    // Nothing of ours is a charge by that reference: the browser goes home, not to a waiting page.
    expect(opened.headers.location).toBe('/');

    // Finance asking the provider now follows the refund at the gateway, still pending there.
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/ops/money/payments/${refundId}/ask-provider`,
      headers: { ...bearer(finance.token), 'idempotency-key': randomUUID() },
      payload: {},
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await intentRow(refundId)).toMatchObject({ status: 'IN_PROGRESS', message: null });
    expect(await entryKinds(refundId)).toEqual(['REFUND']);

    const done = await gatewayProcesses(refundId);
    expect(done?.status).toBe('COMPLETED');
    expect(await entryKinds(refundId)).toEqual(['REFUND', 'REFUND_SETTLE']);
    expect(await balance(player)).toBe(0);
    await expectLedgerSound(db());
  });

  it("ignores a signed charge.success whose reference is a refund's id", async () => {
    const player = await signUpPlayer(t.app);
    const topUp = await card.cardTopUp(player, 500);
    const refundId = await card.refundToCard(topUp.id);

    const raw = JSON.stringify({
      event: 'charge.success',
      data: {
        id: 9_000_001,
        status: 'success',
        reference: refundId,
        amount: 50_000,
        currency: 'KES',
        paid_at: new Date().toISOString(),
        gateway_response: 'Successful',
      },
    });
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/payments/callbacks/card',
      headers: {
        'content-type': 'application/json',
        [PAYSTACK_SIGNATURE_HEADER]: signWebhookBody(raw, t.config.paystack.secretKey),
      },
      payload: raw,
    });
    expect(posted.statusCode).toBe(200);

    expect(await intentRow(refundId)).toMatchObject({ status: 'IN_PROGRESS', message: null });
    expect(await entryKinds(refundId)).toEqual(['REFUND']);
    expect(await balance(player)).toBe(0);

    const done = await gatewayProcesses(refundId);
    expect(done?.status).toBe('COMPLETED');
    expect(await entryKinds(refundId)).toEqual(['REFUND', 'REFUND_SETTLE']);
    await expectLedgerSound(db());
  });
});
