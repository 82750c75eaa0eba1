import type { FastifyBaseLogger } from 'fastify';
import {
  type PaystackClient,
  PaystackError,
  TRANSACTION_NOT_FOUND,
} from '../../../../platform/paystack/client.ts';
import type { Lifecycle } from '../../intents/lifecycle.ts';
import type { IntentRow } from '../../intents/repo.ts';
import { paymentMessages } from '../../messages.ts';
import type { CardResults } from './results.ts';

/**
 * Verifying a card intent with the gateway (after the browser's return, and by reconciliation): the
 * answer is applied; an unknown one leaves it open.
 */
export function createCardVerification({
  paystack,
  results,
  lifecycle,
  log,
}: {
  paystack: Pick<PaystackClient, 'verifyTransaction'>;
  results: Pick<CardResults, 'apply'>;
  lifecycle: Pick<Lifecycle, 'fail'>;
  log: FastifyBaseLogger;
}) {
  return async function verify(intent: IntentRow): Promise<'final' | 'open'> {
    try {
      return await results.apply(intent, await paystack.verifyTransaction(intent.id));
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
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
