import { moneyOpsMessages } from '@playon/shared/ops-money';
import { AppError } from '../../../platform/errors.ts';
import { RunAgainLater } from '../../../platform/jobs/index.ts';
import type { IntentRepo, IntentRow } from '../intents/repo.ts';
import { isFinal } from '../intents/states.ts';

/**
 * "Ask the provider now": one reconciliation look at an open payment, at once, with the
 * provider's own query (STK Push Query or Transaction Status, the card gateway's verify, the airtime
 * charge look-up). Whatever the provider says is applied through the lifecycle, as the job would.
 */
export function createAskProvider({
  intents,
  reconcileNow,
}: {
  intents: Pick<IntentRepo, 'byId'>;
  reconcileNow: (intentId: string, attempts: number, by: 'operator') => Promise<void>;
}) {
  return async function askProvider(
    id: string,
  ): Promise<{ before: IntentRow; after: IntentRow; outcome: string }> {
    const before = await intents.byId(id);
    if (!before) throw new AppError('NOT_FOUND', moneyOpsMessages.paymentNotFound);
    if (before.methodCode === 'WALLET') throw new AppError('CONFLICT', moneyOpsMessages.walletNothingToAsk);
    if (isFinal(before.status)) throw new AppError('CONFLICT', moneyOpsMessages.finalAlready);
    let open: string | null = null;
    try {
      await reconcileNow(id, 1, 'operator');
    } catch (error) {
      if (!(error instanceof RunAgainLater)) throw error;
      open = error.message;
    }
    const after = (await intents.byId(id)) ?? before;
    const outcome =
      after.status !== before.status
        ? `The provider answered: the payment is now ${after.status}.`
        : open
          ? `Still ${after.status}: ${open}. Reconciliation keeps asking.`
          : `Still ${after.status}: the provider has no outcome for it. It waits for a person.`;
    return { before, after, outcome };
  };
}
