import type { PaymentIntent } from '@playon/shared/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentService } from '../../src/modules/payments/service.ts';
import { createDarajaClient } from '../../src/platform/daraja/client.ts';
import { RunAgainLater } from '../../src/platform/jobs/index.ts';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { createTestPaymentService } from '../support/payment-service.ts';
import { eventually } from '../support/payments.ts';
import { playerApi } from '../support/player-api.ts';
import { signUpPlayer, type TestPlayer } from '../support/players.ts';

// Someone who holds the M-Pesa callback secret forges payout results. A result is applied only when
// it matches the payout we sent field by field; anything else is parked for an operator (ADR 0018).
let t: PaymentsTestApp;
/** The operator's view of the same database: parked results, reconciliation on demand. */
let operator: PaymentService;
beforeAll(async () => {
  // Reconciliation waits, so only the forged results and the sandbox's own ones can move the payouts.
  t = await createPaymentsTestApp({ RECONCILE_AFTER_MS: '600000' });
  ({ payments: operator } = await createTestPaymentService(t, {
    config: t.config,
    daraja: createDarajaClient(t.config.daraja),
  }));
});
afterAll(() => t.close());

const MPESA = 2;
const { post, intent, balance } = playerApi(() => t.app);
const callback = (kind: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/callbacks/mpesa/${t.config.mpesaCallbackSecret}/${kind}`,
    payload,
  });

async function funded(kes: number) {
  const player = await signUpPlayer(t.app);
  const started = (
    await post(player, '/api/payments/top-up', {
      paymentMethodId: MPESA,
      amount: kes,
      mpesaPhoneNumber: '0712345678',
    })
  ).json().payload as PaymentIntent;
  const done = await eventually(
    () => intent(player, started.id),
    (i) => i.status === 'COMPLETED',
  );
  expect(done.status).toBe('COMPLETED');
  return player;
}

/** A withdrawal the sandbox pays without ever sending its result (254700000005), sent and waiting. */
async function paidPayoutWithoutResult(player: TestPlayer, amount: number) {
  const started = (
    await post(player, '/api/wallets/withdraw', {
      paymentMethodId: MPESA,
      amount,
      mpesaPhoneNumber: '0700000005',
    })
  ).json().payload as PaymentIntent;
  const sent = await eventually(
    () => intent(player, started.id),
    (i) => i.status === 'IN_PROGRESS',
  );
  expect(sent.status).toBe('IN_PROGRESS');
  return started;
}

/** A Transaction Status result as Daraja posts it, saying the payout `id` failed. */
function forgedFailedStatus(id: string, fields: { conversationId: string; amount: number; phone: string }) {
  return {
    Result: {
      ResultType: 0,
      ResultCode: 0,
      ResultDesc: 'The service request has been accepted successfully.',
      OriginatorConversationID: '16740-34861180-1',
      ConversationID: 'AG_20261124_00000000000000000000',
      TransactionID: 'SBX0000000',
      ResultParameters: {
        ResultParameter: [
          { Key: 'CreditPartyName', Value: `${fields.phone} - Forged` },
          { Key: 'OriginatorConversationID', Value: id },
          { Key: 'TransactionStatus', Value: 'Failed' },
          { Key: 'Amount', Value: fields.amount },
          { Key: 'ConversationID', Value: fields.conversationId },
          { Key: 'ReceiptNo', Value: '' },
        ],
      },
    },
  };
}

const reconcile = (id: string) =>
  operator.reconcileNow(id).catch((error: unknown) => {
    if (!(error instanceof RunAgainLater)) throw error;
  });

describe('forged payout results', () => {
  it('a forged "Failed" Transaction Status for a paid payout is parked: the payout stands, no shilling created', async () => {
    const player = await funded(500);
    const payout = await paidPayoutWithoutResult(player, 400);
    expect(await balance(player)).toBe(95); // 400 + 5 fee reserved

    // Right id, amount and phone; the ConversationID Daraja gave us is the one thing not known outside.
    for (const conversationId of ['', 'AG_20261124_guessed0000000000000']) {
      const forged = forgedFailedStatus(payout.id, { conversationId, amount: 400, phone: '254700000005' });
      expect((await callback('status/result', forged)).statusCode).toBe(200);
    }
    expect(await intent(player, payout.id)).toMatchObject({ status: 'IN_PROGRESS' });
    expect(await balance(player)).toBe(95);

    const parked = (await operator.parkedMpesaResults()).filter((row) => row.intentId === payout.id);
    expect(parked).toHaveLength(2);
    expect(parked.map((row) => row.kind)).toEqual(['status/result', 'status/result']);
    expect(parked.map((row) => row.reason)).toEqual([
      'ConversationID does not match',
      'ConversationID does not match',
    ]);

    // The truth, from Daraja: paid. The player keeps the payout and does not get the money back.
    await reconcile(payout.id);
    const final = await eventually(
      () => intent(player, payout.id),
      (i) => i.status !== 'IN_PROGRESS',
    );
    expect(final.status).toBe('COMPLETED');
    expect(await balance(player)).toBe(95);
  });

  it('a B2C result with an empty ConversationID is parked, not applied', async () => {
    const player = await funded(300);
    const payout = await paidPayoutWithoutResult(player, 200);
    const forged = {
      Result: {
        ResultType: 0,
        ResultCode: 2001,
        ResultDesc: 'The initiator information is invalid.',
        OriginatorConversationID: payout.id,
        ConversationID: '',
        TransactionID: 'SBX0000000',
      },
    };
    expect((await callback('b2c/result', forged)).statusCode).toBe(200);
    expect(await intent(player, payout.id)).toMatchObject({ status: 'IN_PROGRESS' });
    expect(await balance(player)).toBe(95); // 200 + 5 fee reserved
    const parked = (await operator.parkedMpesaResults()).find((row) => row.intentId === payout.id);
    expect(parked).toMatchObject({ kind: 'b2c/result', status: 'OPERATOR', resultCode: 2001 });
    expect(parked?.reason).toBe('ConversationID does not match');
  });

  it('a result for a payout amount or phone other than ours is parked, even with the right ids', async () => {
    const player = await funded(300);
    const payout = await paidPayoutWithoutResult(player, 100);
    // The ConversationID as stored (an insider's view), but another amount, then another phone.
    const stored = await storedConversationId(payout.id);
    for (const [amount, phone, reason] of [
      [150, '254700000005', 'amount does not match'],
      [100, '254711111111', 'phone does not match'],
    ] as const) {
      const forged = forgedFailedStatus(payout.id, { conversationId: stored, amount, phone });
      expect((await callback('status/result', forged)).statusCode).toBe(200);
      const parked = (await operator.parkedMpesaResults()).find(
        (r) => r.intentId === payout.id && r.reason === reason,
      );
      expect(parked).toBeDefined();
    }
    expect(await intent(player, payout.id)).toMatchObject({ status: 'IN_PROGRESS' });
    expect(await balance(player)).toBe(200);
  });
});

async function storedConversationId(id: string): Promise<string> {
  const { eq } = await import('drizzle-orm');
  const { paymentIntents } = await import('../../src/modules/payments/schema.ts');
  const [row] = await t.database.db
    .select({ conversationId: paymentIntents.conversationId })
    .from(paymentIntents)
    .where(eq(paymentIntents.id, id));
  if (!row?.conversationId) throw new Error(`payout ${id} has no ConversationID`);
  return row.conversationId;
}
