import { playerMessageForResultCode } from '../../../../platform/daraja/callbacks.ts';
import type { Lifecycle } from '../../intents/lifecycle.ts';
import type { IntentRow } from '../../intents/repo.ts';

/** Daraja's result code for a prompt the customer cancelled. */
const CANCELLED_BY_USER = 1032;

/**
 * What an M-Pesa result means for its intent, from a callback or a query: 0 completes it, the
 * customer's cancel cancels it, anything else fails it with the reason the player reads. Applied
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
      await lifecycle.fail(intent, outcome.resultCode === CANCELLED_BY_USER ? 'CANCELLED' : 'ERROR', {
        resultCode: outcome.resultCode,
        message: playerMessageForResultCode(outcome.resultCode),
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
