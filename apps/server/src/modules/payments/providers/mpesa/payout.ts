import { toKes } from '@playon/shared/payments';
import type { FastifyBaseLogger } from 'fastify';
import { NOT_COMPLETED_RESULT_CODE } from '../../../../platform/daraja/callbacks.ts';
import { type DarajaClient, DarajaError } from '../../../../platform/daraja/client.ts';
import type { JobHandler } from '../../../../platform/jobs/index.ts';
import { failureOf, type RecordEvent } from '../../events.ts';
import type { Lifecycle } from '../../intents/lifecycle.ts';
import type { IntentRepo, IntentRow } from '../../intents/repo.ts';
import { paymentMessages } from '../../messages.ts';
import type { CallbackUrl } from './callback-urls.ts';
import type { MpesaResults } from './results.ts';

/** Daraja's answer to a B2C request whose OriginatorConversationID it already has: not a refusal. */
const DUPLICATE_ORIGINATOR_CODE = '400.002.02';

/**
 * A withdrawal's payout to M-Pesa (B2C). withdraw.ts reserves the money and queues SEND_PAYOUT_JOB;
 * the job sends the request here, out of the player's request path. Its result arrives at the B2C
 * callback (callbacks.ts), or is asked for by reconciliation (reconcile.ts).
 */
export function createPayouts({
  daraja,
  intents,
  lifecycle,
  results,
  callbackUrl,
  events,
  log,
}: {
  daraja: Pick<DarajaClient, 'b2cPayment'>;
  intents: Pick<IntentRepo, 'byId'>;
  lifecycle: Pick<Lifecycle, 'progress'>;
  results: Pick<MpesaResults, 'payoutResult'>;
  callbackUrl: CallbackUrl;
  events: RecordEvent;
  log: FastifyBaseLogger;
}) {
  /**
   * Sends a withdrawal's B2C request (again, with the same OriginatorConversationID). A refusal
   * (4xx) reverses the reservation; when Daraja could not be reached or answered 5xx, the outcome is
   * unknown: the intent stays PENDING with the money reserved and reconciliation sends it again.
   */
  async function sendPayout(intent: IntentRow): Promise<'sent' | 'refused' | 'unknown'> {
    const event = { intentId: intent.id, provider: 'MPESA', operation: 'b2c' } as const;
    const request = {
      phone: intent.phone ?? '',
      amount: toKes(intent.amountCents),
      originatorConversationId: intent.originatorConversationId ?? intent.id,
      remarks: intent.type === 'REFUND' ? 'PlayOn refund' : 'PlayOn wallet withdrawal',
      resultUrl: callbackUrl('b2c/result'),
      queueTimeoutUrl: callbackUrl('b2c/timeout'),
    };
    await events({ ...event, kind: 'request-sent', body: request });
    try {
      const sent = await daraja.b2cPayment(request);
      await events({ ...event, kind: 'answer', body: sent });
      await lifecycle.progress(intent, { conversationId: sent.conversationId });
      return 'sent';
    } catch (error) {
      if (!(error instanceof DarajaError)) throw error;
      await events({ ...event, kind: 'answer', body: failureOf(error) });
      const refused = error.status >= 400 && error.status < 500 && error.code !== DUPLICATE_ORIGINATOR_CODE;
      if (!refused) {
        log.warn(
          { err: error, intentId: intent.id },
          'B2C request outcome unknown: reconciliation sends it again',
        );
        return 'unknown';
      }
      log.warn({ err: error, intentId: intent.id }, 'B2C request refused');
      await results.payoutResult(intent, {
        resultCode: NOT_COMPLETED_RESULT_CODE,
        receipt: null,
        completedAt: null,
        conversationId: null,
        message: paymentMessages.mpesaFailed,
      });
      return 'refused';
    }
  }

  /** SEND_PAYOUT_JOB's handler (registered with the module's other jobs in jobs.ts). */
  const sendPayoutJob: JobHandler = async (payload) => {
    const intent = await intents.byId(String(payload.intentId));
    // Already sent (or settled): nothing to do. An unknown outcome is left to reconciliation, which
    // sends it again with the same OriginatorConversationID.
    if (intent?.status !== 'PENDING' || intent.conversationId) return;
    await sendPayout(intent);
  };

  return { sendPayout, sendPayoutJob };
}

export type Payouts = ReturnType<typeof createPayouts>;
