import { toKes } from '@playon/shared/payments';
import type { FastifyBaseLogger } from 'fastify';
import { NOT_COMPLETED_RESULT_CODE } from '../../../../platform/daraja/callbacks.ts';
import { DarajaError } from '../../../../platform/daraja/client.ts';
import { failureOf, type RecordEvent, type RecordEvents } from '../../events.ts';
import type { IntentRow } from '../../intents/repo.ts';
import { paymentMessages } from '../../messages.ts';
import type { CallbackUrl } from './callback-urls.ts';
import { createPayoutBatches, type PayoutSendDeps } from './payout-batches.ts';
import type { MpesaResults } from './results.ts';

/** Daraja's answer to a B2C request whose OriginatorConversationID it already has: not a refusal. */
const DUPLICATE_ORIGINATOR_CODE = '400.002.02';

export type PayoutOutcome = 'sent' | 'refused' | 'unknown';

/**
 * A withdrawal's payout to M-Pesa (B2C). withdraw.ts reserves the money and queues SEND_PAYOUT_JOB;
 * the job sends the request here, out of the player's request path, with the others claimed with it
 * (payout-batches.ts). Its result arrives at the B2C callback (callbacks.ts), or is asked for by
 * reconciliation (reconcile.ts), which sends one again alone.
 */
export function createPayouts({
  daraja,
  intents,
  lifecycle,
  results,
  callbackUrl,
  events,
  recordEvents,
  log,
}: PayoutSendDeps & {
  results: Pick<MpesaResults, 'payoutResult'>;
  callbackUrl: CallbackUrl;
  events: RecordEvent;
  recordEvents: RecordEvents;
  log: FastifyBaseLogger;
}) {
  /** The B2C request of a payout (the same OriginatorConversationID each time it is sent). */
  const requestOf = (intent: IntentRow) => ({
    phone: intent.phone ?? '',
    amount: toKes(intent.amountCents),
    originatorConversationId: intent.originatorConversationId ?? intent.id,
    remarks: intent.type === 'REFUND' ? 'PlayOn refund' : 'PlayOn wallet withdrawal',
    resultUrl: callbackUrl('b2c/result'),
    queueTimeoutUrl: callbackUrl('b2c/timeout'),
  });
  const event = (intent: IntentRow) =>
    ({ intentId: intent.id, provider: 'MPESA', operation: 'b2c' }) as const;

  /**
   * What a B2C request Daraja did not take means: a refusal (4xx) reverses the reservation; when
   * Daraja could not be reached or answered 5xx, the outcome is unknown: the intent stays PENDING with
   * the money reserved and reconciliation sends it again. Anything but a DarajaError is thrown.
   */
  async function notTaken(intent: IntentRow, error: unknown): Promise<PayoutOutcome> {
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
    await results.payoutResult(intent, {
      resultCode: NOT_COMPLETED_RESULT_CODE,
      receipt: null,
      completedAt: null,
      conversationId: null,
      message: paymentMessages.mpesaFailed,
    });
    return 'refused';
  }

  /** Sends a withdrawal's B2C request alone (again, with the same OriginatorConversationID). */
  async function sendPayout(intent: IntentRow): Promise<PayoutOutcome> {
    const request = requestOf(intent);
    await events({ ...event(intent), kind: 'request-sent', body: request });
    try {
      const sent = await daraja.b2cPayment(request);
      await events({ ...event(intent), kind: 'answer', body: sent });
      await lifecycle.progress(intent, { conversationId: sent.conversationId });
      return 'sent';
    } catch (error) {
      if (error instanceof DarajaError)
        await events({ ...event(intent), kind: 'answer', body: failureOf(error) });
      return notTaken(intent, error);
    }
  }

  const sending: PayoutSendDeps = { daraja, intents, lifecycle };
  const batches = createPayoutBatches({ ...sending, recordEvents, requestOf, event, notTaken });

  return { sendPayout, sendPayoutJob: batches.sendPayoutJob };
}

export type Payouts = ReturnType<typeof createPayouts>;
