import { type PaymentIntent, type TopUpRequestSchema, toCents } from '@playon/shared/payments';
import type { z } from 'zod';
import { DarajaError } from '../../platform/daraja/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Player } from '../auth/service.ts';
import { type PaymentContext, paymentMessages, RECONCILE_JOB, toPaymentIntent } from './context.ts';
import { checkLimits, type Methods } from './methods.ts';
import type { IntentRow } from './repo.ts';

/** Daraja refused the request outright (a 4xx with its error body): nothing reached the phone. */
const isClearRefusal = (error: DarajaError) =>
  error.status >= 400 && error.status < 500 && error.code !== null;

/** Top-ups: record the intent (and its reconciliation), then ask M-Pesa for an STK Push. */
export function createTopUps(ctx: PaymentContext, methods: Methods) {
  const { db, config, repo, jobs, daraja, log, publish, callbackUrl } = ctx;

  return {
    async topUp(player: Player, body: z.output<typeof TopUpRequestSchema>): Promise<PaymentIntent> {
      const chosen = await methods.method(body.paymentMethodId, 'TOPUP');
      if (chosen.code === 'CARD') throw new AppError('BAD_REQUEST', paymentMessages.cardNotYet);
      if (body.userId && body.userId !== player.uid)
        throw new AppError('BAD_REQUEST', paymentMessages.boostNotYet);
      const phone = body.mpesaPhoneNumber;
      if (!phone)
        throw new AppError('BAD_REQUEST', paymentMessages.enterPhone, {
          mpesaPhoneNumber: paymentMessages.enterPhone,
        });
      checkLimits(body.amount, config.limits.stk);

      const created = await db.transaction(async (tx) => {
        const row = await repo.insertIntent(
          {
            playerUid: player.uid,
            walletUid: player.uid,
            type: 'TOPUP',
            methodCode: chosen.code,
            amountCents: toCents(body.amount),
            phone,
          },
          tx,
        );
        await jobs.enqueue(
          RECONCILE_JOB,
          { intentId: row.id },
          { delayMs: config.reconcileAfterMs, key: `reconcile:${row.id}` },
          tx,
        );
        return row;
      });

      let row: IntentRow | undefined;
      try {
        const pushed = await daraja.stkPush({
          phone,
          amount: body.amount,
          accountReference: 'PlayOn',
          description: 'Wallet top up',
          callbackUrl: callbackUrl('stk'),
        });
        row = await repo.transition(created.id, 'IN_PROGRESS', {
          merchantRequestId: pushed.merchantRequestId,
          checkoutRequestId: pushed.checkoutRequestId,
        });
      } catch (error) {
        if (!(error instanceof DarajaError)) throw error;
        if (isClearRefusal(error)) {
          log.warn({ err: error, intentId: created.id }, 'STK push refused');
          row = await repo.transition(created.id, 'ERROR', { message: paymentMessages.mpesaFailed });
        } else {
          // Timed out, unreachable or 5xx: the push may have reached the phone. Never shown as failed;
          // its callback is matched by phone and amount, or an operator decides (reconciliation).
          log.warn({ err: error, intentId: created.id }, 'STK push outcome unknown');
          row = await repo.transition(created.id, 'IN_PROGRESS', {
            message: paymentMessages.waitingForMpesa,
          });
        }
      }
      await publish(row);
      return toPaymentIntent(row ?? (await repo.byId(created.id)) ?? created);
    },
  };
}
