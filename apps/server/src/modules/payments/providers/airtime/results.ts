import { toKes } from '@playon/shared/payments';
import { AIRTIME_RESULT, playerMessageForAirtimeResult } from '../../../../platform/airtime/callbacks.ts';
import type { ProviderResultsDeps } from '../../intents/lifecycle.ts';
import type { IntentRow } from '../../intents/repo.ts';

/**
 * What the carrier says about an airtime charge (its reference is the intent's id), checked against
 * what we asked for and applied through the intents' lifecycle: the signed result and the look-ups
 * of reconciliation both end here.
 */
export function createAirtimeResults({ intents, lifecycle, log }: ProviderResultsDeps) {
  return {
    /** The airtime intent a charge's reference names, if it is one of ours. */
    airtimeIntent: (reference: string) => intents.chargeByReference(reference, 'SAFARICOM_CREDIT'),

    /** Applies a charge's final outcome. */
    async apply(
      intent: IntentRow,
      outcome: {
        chargeId: string;
        msisdn: string;
        amount: number;
        resultCode: number;
        completedAt: Date | null;
      },
    ) {
      if (intent.chargeId && outcome.chargeId !== intent.chargeId) {
        log.error(
          { intentId: intent.id, chargeId: outcome.chargeId },
          'airtime result for another charge: refused',
        );
        return;
      }
      if (outcome.resultCode === AIRTIME_RESULT.SUCCESS) {
        if (outcome.msisdn !== intent.phone || outcome.amount !== toKes(intent.amountCents)) {
          log.error(
            { intentId: intent.id, chargeId: outcome.chargeId },
            'airtime result does not match: refused',
          );
          return;
        }
        await lifecycle.complete(
          intent,
          {
            resultCode: 0,
            providerCompletedAt: outcome.completedAt,
            ...(intent.chargeId ? {} : { chargeId: outcome.chargeId }),
          },
          outcome.completedAt ?? new Date(),
        );
        return;
      }
      await lifecycle.fail(intent, outcome.resultCode === AIRTIME_RESULT.CANCELLED ? 'CANCELLED' : 'ERROR', {
        resultCode: outcome.resultCode,
        message: playerMessageForAirtimeResult(outcome.resultCode),
      });
    },
  };
}

export type AirtimeResults = ReturnType<typeof createAirtimeResults>;
