import { playerMessageForResultCode } from '../../../../platform/daraja/callbacks.ts';
import type { Lifecycle } from '../../intents/lifecycle.ts';
import type { IntentRow } from '../../intents/repo.ts';
import { stkEnding } from './stk-results.ts';

/**
 * What an M-Pesa result means for its intent, from a callback or a query: 0 completes it; a prompt's
 * other codes end it as stk-results.ts says, a payout's fail it. Applied
 * through the intents' lifecycle, so a repeat changes nothing.
 */
export function createMpesaResults(lifecycle: Pick<Lifecycle, 'complete' | 'fail'>) {
  return {
    /** A prompt's outcome (top-up, boost, subscription), from the STK callback or an STK Push Query. */
    async paymentResult(
      intent: IntentRow,
      outcome: { resultCode: number; receipt: string | null; completedAt: Date | null },
    ) {
      if (outcome.resultCode === 0) {
        await lifecycle.complete(
          intent,
          { receipt: outcome.receipt, resultCode: 0, providerCompletedAt: outcome.completedAt },
          outcome.completedAt ?? new Date(),
        );
        return;
      }
      const ending = stkEnding(outcome.resultCode);
      await lifecycle.fail(intent, ending.status, {
        resultCode: outcome.resultCode,
        message: ending.message,
      });
    },

    /** A payout's outcome: settled (reservation → clearing + fees) or reversed (→ the wallet). */
    async payoutResult(
      intent: IntentRow,
      outcome: {
        resultCode: number;
        receipt: string | null;
        completedAt: Date | null;
        conversationId: string | null;
        message?: string;
      },
    ) {
      const learnt =
        outcome.conversationId && !intent.conversationId ? { conversationId: outcome.conversationId } : {};
      const common = { resultCode: outcome.resultCode, providerCompletedAt: outcome.completedAt, ...learnt };
      if (outcome.resultCode === 0) {
        await lifecycle.complete(
          intent,
          { ...common, receipt: outcome.receipt },
          outcome.completedAt ?? new Date(),
        );
        return;
      }
      await lifecycle.fail(intent, 'ERROR', {
        ...common,
        receipt: null,
        message: outcome.message ?? playerMessageForResultCode(outcome.resultCode),
      });
    },
  };
}

export type MpesaResults = ReturnType<typeof createMpesaResults>;
