import type { FastifyBaseLogger } from 'fastify';
import {
  type PaystackClient,
  PaystackError,
  TRANSACTION_NOT_FOUND,
} from '../../../../platform/paystack/client.ts';
import { failureOf, type RecordEvent } from '../../events.ts';
import type { Lifecycle } from '../../intents/lifecycle.ts';
import type { IntentRow } from '../../intents/repo.ts';
import { isChargeBy } from '../../intents/states.ts';
import { paymentMessages } from '../../messages.ts';
import type { CardResults } from './results.ts';

/**
 * Verifying a card charge with the gateway (after the browser's return, and by reconciliation): the
 * answer is applied; an unknown one leaves it open. A refund to the card is never verified as a
 * charge: the gateway knows no transaction by its id, and failing it would put its money back while
 * the card is refunded (refunds.ts follows it).
 */
export function createCardVerification({
  paystack,
  results,
  lifecycle,
  events,
  log,
}: {
  paystack: Pick<PaystackClient, 'verifyTransaction'>;
  results: Pick<CardResults, 'apply'>;
  lifecycle: Pick<Lifecycle, 'fail'>;
  events: RecordEvent;
  log: FastifyBaseLogger;
}) {
  return async function verify(intent: IntentRow): Promise<'final' | 'open'> {
    if (!isChargeBy('CARD', intent))
      throw new Error(`card verify of ${intent.type} ${intent.id}: only a card charge is verified`);
    const event = { intentId: intent.id, provider: 'CARD', operation: 'verify' } as const;
    await events({ ...event, kind: 'request-sent', body: { reference: intent.id } });
    try {
      const transaction = await paystack.verifyTransaction(intent.id);
      await events({ ...event, kind: 'answer', body: transaction });
      return await results.apply(intent, transaction);
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      await events({ ...event, kind: 'answer', body: failureOf(error) });
      if (error.code === TRANSACTION_NOT_FOUND && intent.sessionUrl === null) {
        // The gateway never received the initialize: nobody can have paid.
        await lifecycle.fail(intent, 'ERROR', { message: paymentMessages.cardNotStarted });
        return 'final';
      }
      log.warn({ err: error, intentId: intent.id }, 'card verify failed: outcome still unknown');
      return 'open';
    }
  };
}

export type VerifyCard = ReturnType<typeof createCardVerification>;
