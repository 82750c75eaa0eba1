import { parseQueueTimeout } from '../../../../platform/daraja/callbacks.ts';
import type { IntentRepo } from '../../intents/repo.ts';
import type { CallbackDeps } from './callback-deps.ts';
import type { CallbackKind } from './callback-urls.ts';
import { createPayoutCallbacks } from './payout-callbacks.ts';
import type { MpesaResults } from './results.ts';
import type { StatusQueries } from './status-queries.ts';
import { createStkCallbacks } from './stk-callbacks.ts';
import type { UnmatchedRepo } from './unmatched-repo.ts';

/** Daraja's callbacks, each to the part that knows its kind. */
export function createMpesaCallbacks(
  deps: CallbackDeps<
    Pick<
      IntentRepo,
      'byCheckoutRequestId' | 'byOriginatorConversationId' | 'openTopUpsWithoutCheckout' | 'bindCheckout'
    >,
    Pick<UnmatchedRepo, 'keepUnmatched' | 'parkResult' | 'resolveUnmatched'>,
    MpesaResults
  > & { statusQueries: Pick<StatusQueries, 'answered'> },
) {
  const stk = createStkCallbacks(deps);
  const payouts = createPayoutCallbacks(deps);

  return {
    /** The handlers of the jobs that match a callback again later (registered in jobs.ts). */
    jobHandlers: { stkCallback: stk.stkCallbackJob, b2cResult: payouts.b2cResultJob },
    /** A Daraja callback, applied or kept. Throws MalformedCallbackError on a malformed body. */
    async handleCallback(kind: CallbackKind, body: unknown) {
      switch (kind) {
        case 'stk':
          return stk.handle(body);
        case 'b2c/result':
          return payouts.b2cResult(body);
        case 'status/result':
          return payouts.statusResult(body);
        case 'b2c/timeout':
        case 'status/timeout': {
          // The outcome is unknown: the reconciliation job already waiting for this intent asks
          // Transaction Status, and sends the payout again only once Daraja says it has none.
          const ids = parseQueueTimeout(body);
          deps.log.warn({ ...ids, kind }, 'Daraja queue timeout');
          const intent =
            kind === 'b2c/timeout'
              ? await deps.intents.byOriginatorConversationId(ids.originatorConversationId)
              : undefined;
          if (intent)
            await deps.events({
              intentId: intent.id,
              kind: 'callback',
              provider: 'MPESA',
              operation: 'b2c-queue-timeout',
              body,
            });
          return;
        }
      }
    },
  };
}

export type MpesaCallbacks = ReturnType<typeof createMpesaCallbacks>;
