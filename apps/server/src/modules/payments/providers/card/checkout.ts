import type { FastifyBaseLogger } from 'fastify';
import { type PaystackClient, PaystackError } from '../../../../platform/paystack/client.ts';
import { failureOf, type RecordEvent } from '../../events.ts';
import type { Lifecycle } from '../../intents/lifecycle.ts';
import type { IntentRow } from '../../intents/repo.ts';
import { paymentMessages } from '../../messages.ts';
import type { PlayerDirectory } from '../../players.ts';

export const CARD_RETURN_PATH = '/api/payments/callbacks/card/return';

/**
 * Card payments through the gateway's hosted checkout: a recorded intent gets a checkout page (its
 * reference is the intent's id). Money moves only on what the gateway says: its signed
 * `charge.success` webhook, or verifying the reference; the redirect itself proves nothing.
 */
export function createCardCheckout({
  paystack,
  players,
  lifecycle,
  publicUrl,
  events,
  log,
}: {
  paystack: Pick<PaystackClient, 'initializeTransaction'>;
  players: PlayerDirectory;
  lifecycle: Pick<Lifecycle, 'progress' | 'fail'>;
  publicUrl: string;
  events: RecordEvent;
  log: FastifyBaseLogger;
}) {
  /** Opens the hosted checkout for a new card intent; the intent then carries its page. */
  return async function start(created: IntentRow, tokenEmail: string | null): Promise<IntentRow | undefined> {
    const email =
      tokenEmail ?? (await players.playersByUid([created.playerUid])).get(created.playerUid)?.email;
    const event = { intentId: created.id, provider: 'CARD', operation: 'initialize' } as const;
    const request = {
      email: email ?? '',
      amountCents: Number(created.amountCents),
      reference: created.id,
      callbackUrl: `${publicUrl}${CARD_RETURN_PATH}`,
      currency: 'KES',
      metadata: { intentId: created.id, type: created.type },
    } as const;
    await events({ ...event, kind: 'request-sent', body: request });
    try {
      const opened = await paystack.initializeTransaction(request);
      await events({ ...event, kind: 'answer', body: opened });
      return await lifecycle.progress(created, { sessionUrl: opened.authorizationUrl });
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      await events({ ...event, kind: 'answer', body: failureOf(error) });
      if (error.status === 0 || error.status >= 500) {
        // It may have reached the gateway: never a failure; reconciliation verifies the reference.
        log.warn({ err: error, intentId: created.id }, 'card initialize outcome unknown');
        return lifecycle.progress(created, { message: paymentMessages.waitingForCard });
      }
      log.warn({ err: error, intentId: created.id }, 'card initialize refused');
      return lifecycle.fail(created, 'ERROR', { message: paymentMessages.cardNotStarted });
    }
  };
}

export type StartCard = ReturnType<typeof createCardCheckout>;
