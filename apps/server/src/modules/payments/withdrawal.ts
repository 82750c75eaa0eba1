import { randomUUID } from 'node:crypto';
import { type PaymentIntent, toCents, toKes, type WithdrawRequestSchema } from '@playon/shared/payments';
import type { z } from 'zod';
import { NOT_COMPLETED_RESULT_CODE } from '../../platform/daraja/callbacks.ts';
import { DarajaError } from '../../platform/daraja/client.ts';
import type { Player } from '../auth/service.ts';
import { type PaymentContext, paymentMessages, RECONCILE_JOB, toPaymentIntent } from './context.ts';
import { checkLimits, feeFor, type Methods } from './methods.ts';
import type { IntentRow } from './repo.ts';
import type { Settlement } from './settlement.ts';

/** Daraja's answer to a B2C request whose OriginatorConversationID it already has: not a refusal. */
const DUPLICATE_ORIGINATOR_CODE = '400.002.02';

/** Withdrawals: reserve amount + fee, then send the B2C request. */
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

  return {
    sendPayout,

    async withdraw(player: Player, body: z.output<typeof WithdrawRequestSchema>): Promise<PaymentIntent> {
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
        await jobs.enqueue(
          RECONCILE_JOB,
          { intentId: id },
          { delayMs: config.reconcileAfterMs, key: `reconcile:${id}` },
          tx,
        );
        return row;
      });

      await sendPayout(created);
      return toPaymentIntent((await repo.byId(id)) ?? created);
    },
  };
}

export type Withdrawals = ReturnType<typeof createWithdrawals>;
