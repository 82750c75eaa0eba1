import { playerMessageForResultCode } from '../../platform/daraja/callbacks.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import type { Completion } from './completion.ts';
import type { PaymentContext } from './context.ts';
import type { IntentRow } from './repo.ts';

/**
 * Applying final outcomes (callbacks, queries, refusals): one transaction each, the status change
 * and the ledger entry together; a conditional transition makes a late or repeated one a no-op.
 */
export function createSettlement(ctx: PaymentContext, completion: Completion) {
  const { db, repo, wallet, log, publish } = ctx;

  /** An M-Pesa payment's final outcome (top-up, boost, subscription), from the STK callback or an STK Push Query. */
  async function settleTopUp(
    intent: IntentRow,
    outcome: { resultCode: number; receipt: string | null; completedAt: Date | null },
  ) {
    let row: IntentRow | undefined;
    if (outcome.resultCode === 0) {
      try {
        row = await db.transaction(async (tx) => {
          const done = await repo.transition(
            intent.id,
            'COMPLETED',
            {
              receipt: outcome.receipt,
              resultCode: 0,
              providerCompletedAt: outcome.completedAt,
              message: null,
            },
            tx,
          );
          if (done) await completion.postPayment(done, outcome.completedAt ?? new Date(), tx);
          return done;
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        log.error(
          { intentId: intent.id, receipt: outcome.receipt },
          'M-Pesa receipt already used by another payment: refused',
        );
        return;
      }
    } else {
      const status = outcome.resultCode === 1032 ? 'CANCELLED' : 'ERROR';
      row = await repo.transition(intent.id, status, {
        resultCode: outcome.resultCode,
        message: playerMessageForResultCode(outcome.resultCode),
      });
    }
    await publish(row);
  }

  /** A withdrawal's final outcome: settle (pending → clearing + fees) or reverse (pending → wallet). */
  async function settleWithdrawal(
    intent: IntentRow,
    outcome: {
      resultCode: number;
      receipt: string | null;
      completedAt: Date | null;
      conversationId: string | null;
      message?: string;
    },
  ) {
    const ok = outcome.resultCode === 0;
    let row: IntentRow | undefined;
    try {
      row = await db.transaction(async (tx) => {
        const done = await repo.transition(
          intent.id,
          ok ? 'COMPLETED' : 'ERROR',
          {
            resultCode: outcome.resultCode,
            receipt: ok ? outcome.receipt : null,
            providerCompletedAt: outcome.completedAt,
            message: ok ? null : (outcome.message ?? playerMessageForResultCode(outcome.resultCode)),
            ...(outcome.conversationId && !intent.conversationId
              ? { conversationId: outcome.conversationId }
              : {}),
          },
          tx,
        );
        if (done) {
          const money = { amountCents: done.amountCents, feeCents: done.feeCents, intentId: done.id };
          if (ok) await wallet.settleWithdrawal({ ...money, description: 'Withdrawal to M-Pesa' }, tx);
          else
            await wallet.reverseWithdrawal(
              { ...money, uid: done.walletUid, description: 'Withdrawal reversed' },
              tx,
            );
        }
        return done;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      log.error(
        { intentId: intent.id, receipt: outcome.receipt },
        'B2C reference already used by another payment: refused',
      );
      return;
    }
    await publish(row);
  }

  return { settleTopUp, settleWithdrawal };
}

export type Settlement = ReturnType<typeof createSettlement>;
