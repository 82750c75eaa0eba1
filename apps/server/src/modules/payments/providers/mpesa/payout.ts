import { toKes } from '@playon/shared/payments';
import type { FastifyBaseLogger } from 'fastify';
import { NOT_COMPLETED_RESULT_CODE } from '../../../../platform/daraja/callbacks.ts';
import { DarajaError } from '../../../../platform/daraja/client.ts';
import { failureOf, type RecordEvent, type RecordEvents } from '../../events.ts';
import type { IntentRepo, IntentRow } from '../../intents/repo.ts';
import { paymentMessages } from '../../messages.ts';
import { readB2cError } from './b2c-errors.ts';
import type { CallbackUrl } from './callback-urls.ts';
import { createPayoutBatches, type PayoutSendDeps } from './payout-batches.ts';
import type { MpesaResults } from './results.ts';

export type PayoutOutcome = 'sent' | 'refused' | 'unknown';

/**
 * A withdrawal's payout to M-Pesa (B2C). withdraw.ts reserves the money and queues SEND_PAYOUT_JOB;
 * the job sends the request here, out of the player's request path, with the others claimed with it
 * (payout-batches.ts). Its result arrives at the B2C callback (callbacks.ts), or is asked for by
 * reconciliation (reconcile.ts), which sends one alone: one never sent, or one Transaction Status
 * found Daraja has not got (ADR 0074).
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
}: Omit<PayoutSendDeps, 'intents'> & {
  intents: Pick<IntentRepo, 'claimToSend' | 'claimToSendAgain' | 'progressed'>;
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
   * What a B2C request Daraja did not take means (`readB2cError`, ADR 0074): a refusal before
   * processing reverses the reservation, unless it answers a request sent again (the first may still
   * be at Daraja); anything else leaves the intent as it is, the money reserved, for reconciliation to
   * ask Transaction Status before any request goes again. Anything but a DarajaError is thrown.
   */
  async function notTaken(intent: IntentRow, error: unknown, sentBefore = false): Promise<PayoutOutcome> {
    if (!(error instanceof DarajaError)) throw error;
    const reading = readB2cError(error);
    if (reading === 'exists') {
      log.warn({ err: error, intentId: intent.id }, 'Daraja already has this payout: its status is asked');
      return 'unknown';
    }
    if (reading === 'unknown' || sentBefore) {
      log.warn(
        { err: error, intentId: intent.id, sentBefore },
        'B2C request outcome unknown: Transaction Status is asked before it is sent again',
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

  /**
   * Sends a payout's B2C request alone, with the same OriginatorConversationID each time: marked sent
   * first, and only if nobody sent it since `intent` was read ('unknown' otherwise).
   */
  async function sendPayout(intent: IntentRow): Promise<PayoutOutcome> {
    const claimed = await intents.claimToSendAgain(intent);
    if (!claimed) return 'unknown';
    const sentBefore = intent.payoutSentAt !== null;
    const request = requestOf(claimed);
    await events({ ...event(claimed), kind: 'request-sent', body: request });
    try {
      const sent = await daraja.b2cPayment(request);
      await events({ ...event(claimed), kind: 'answer', body: sent });
      await lifecycle.progress(claimed, { conversationId: sent.conversationId });
      return 'sent';
    } catch (error) {
      if (error instanceof DarajaError)
        await events({ ...event(claimed), kind: 'answer', body: failureOf(error) });
      return notTaken(claimed, error, sentBefore);
    }
  }

  const sending: PayoutSendDeps = { daraja, intents, lifecycle };
  const batches = createPayoutBatches({ ...sending, recordEvents, requestOf, event, notTaken });

  return { sendPayout, sendPayoutJob: batches.sendPayoutJob };
}

export type Payouts = ReturnType<typeof createPayouts>;
