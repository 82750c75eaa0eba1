import { randomUUID } from 'node:crypto';
import { type PaymentIntent, toCents, toKes, type WithdrawRequestSchema } from '@playon/shared/payments';
import type { z } from 'zod';
import { NOT_COMPLETED_RESULT_CODE } from '../../platform/daraja/callbacks.ts';
import { DarajaError } from '../../platform/daraja/client.ts';
import type { Player } from '../auth/service.ts';
import {
  type OnCommitted,
  type PaymentContext,
  paymentMessages,
  RECONCILE_JOB,
  SEND_PAYOUT_JOB,
  toPaymentIntent,
} from './context.ts';
import { checkLimits, feeFor, type Methods } from './methods.ts';
import type { IntentRow } from './repo.ts';
import type { Settlement } from './settlement.ts';

/** Daraja's answer to a B2C request whose OriginatorConversationID it already has: not a refusal. */
const DUPLICATE_ORIGINATOR_CODE = '400.002.02';

/** Withdrawals: reserve amount + fee and answer; a durable job then sends the B2C request. */
export function createWithdrawals(ctx: PaymentContext, methods: Methods, settlement: Settlement) {
  const { db, config, repo, wallet, jobs, daraja, log, publish, callbackUrl } = ctx;

  /**
   * Sends a withdrawal's B2C request (again, with the same OriginatorConversationID). A refusal
   * (4xx) reverses the reservation; when Daraja could not be reached or answered 5xx, the outcome is
   * unknown: the intent stays PENDING with the money reserved and reconciliation sends it again.
   */
  async function sendPayout(intent: IntentRow): Promise<'sent' | 'refused' | 'unknown'> {
    try {
      const sent = await daraja.b2cPayment({
        phone: intent.phone ?? '',
        amount: toKes(intent.amountCents),
        originatorConversationId: intent.originatorConversationId ?? intent.id,
        remarks: 'PlayOn wallet withdrawal',
        resultUrl: callbackUrl('b2c/result'),
        queueTimeoutUrl: callbackUrl('b2c/timeout'),
      });
      await publish(await repo.transition(intent.id, 'IN_PROGRESS', { conversationId: sent.conversationId }));
      return 'sent';
    } catch (error) {
      if (!(error instanceof DarajaError)) throw error;
      const refused = error.status >= 400 && error.status < 500 && error.code !== DUPLICATE_ORIGINATOR_CODE;
      if (!refused) {
        log.warn(
          { err: error, intentId: intent.id },
          'B2C request outcome unknown: reconciliation sends it again',
        );
        return 'unknown';
      }
      log.warn({ err: error, intentId: intent.id }, 'B2C request refused');
      await settlement.settleWithdrawal(intent, {
        resultCode: NOT_COMPLETED_RESULT_CODE,
        receipt: null,
        completedAt: null,
        conversationId: null,
        message: paymentMessages.mpesaFailed,
      });
      return 'refused';
    }
  }

  jobs.register(SEND_PAYOUT_JOB, async (payload) => {
    const intent = await repo.byId(String(payload.intentId));
    // Already sent (or settled): nothing to do. An unknown outcome is left to reconciliation, which
    // sends it again with the same OriginatorConversationID.
    if (intent?.status !== 'PENDING' || intent.conversationId) return;
    await sendPayout(intent);
  });

  return {
    sendPayout,

    async withdraw(
      player: Player,
      body: z.output<typeof WithdrawRequestSchema>,
      onCommitted?: OnCommitted,
    ): Promise<PaymentIntent> {
      const chosen = await methods.method(body.paymentMethodId, 'WITHDRAWAL');
      checkLimits(body.amount, config.limits.b2c);
      const fee = feeFor(body.amount, config.withdrawalFees);
      const id = randomUUID();

      const created = await db.transaction(async (tx) => {
        const row = await repo.insertIntent(
          {
            id,
            playerUid: player.uid,
            walletUid: player.uid,
            type: 'WITHDRAWAL',
            methodCode: chosen.code,
            amountCents: toCents(body.amount),
            feeCents: toCents(fee),
            phone: body.mpesaPhoneNumber,
            originatorConversationId: id,
          },
          tx,
        );
        await wallet.reserveWithdrawal(
          {
            uid: player.uid,
            amountCents: row.amountCents,
            feeCents: row.feeCents,
            intentId: id,
            description: 'Withdrawal to M-Pesa',
          },
          tx,
        );
        // The B2C request leaves the request path: a durable job sends it, so a crash after the
        // reservation is picked up from the job table.
        await jobs.enqueueAll(
          [
            { kind: SEND_PAYOUT_JOB, payload: { intentId: id }, options: { key: `payout:${id}` } },
            {
              kind: RECONCILE_JOB,
              payload: { intentId: id },
              options: { delayMs: config.reconcileAfterMs, key: `reconcile:${id}` },
            },
          ],
          tx,
        );
        await onCommitted?.(toPaymentIntent(row), tx);
        return row;
      });
      jobs.kick();
      return toPaymentIntent(created);
    },
  };
}

export type Withdrawals = ReturnType<typeof createWithdrawals>;
