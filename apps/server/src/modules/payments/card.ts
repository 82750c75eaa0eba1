import {
  PaystackError,
  type PaystackTransaction,
  TRANSACTION_NOT_FOUND,
} from '../../platform/paystack/client.ts';
import { parseWebhookEvent, verifyWebhookSignature } from '../../platform/paystack/webhook.ts';
import type { Completion } from './completion.ts';
import { type PaymentContext, paymentMessages } from './context.ts';
import type { IntentRow } from './repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const CARD_RETURN_PATH = '/api/payments/callbacks/card/return';

/** The player's reason for a failed card, from the gateway's word on it. */
function cardFailureMessage(gatewayResponse: string): string {
  const said = gatewayResponse.toLowerCase();
  if (said.includes('insufficient')) return paymentMessages.cardInsufficientFunds;
  if (said.includes('declined')) return paymentMessages.cardDeclined;
  return paymentMessages.cardFailed;
}

/**
 * Card payments through the gateway's hosted checkout. The reference is the intent's id. Money
 * moves only on what the gateway says: its signed `charge.success` webhook, or verifying the
 * reference (after the browser's return, and by reconciliation); the redirect itself proves nothing.
 */
export function createCardPayments(ctx: PaymentContext, completion: Completion) {
  const { config, repo, paystack, players, log, publish } = ctx;

  /** Applies what the gateway knows of a card intent now: 'final' once it is paid or failed, 'open' otherwise. */
  async function applyTransaction(intent: IntentRow, tx: PaystackTransaction): Promise<'final' | 'open'> {
    if (tx.status === 'success') {
      if (BigInt(tx.amountCents) !== intent.amountCents || tx.currency !== 'KES') {
        log.error(
          { intentId: intent.id, amountCents: tx.amountCents, currency: tx.currency },
          'card payment does not match its intent: refused',
        );
        return 'open';
      }
      await completion.complete(intent, { providerCompletedAt: tx.paidAt }, tx.paidAt ?? new Date());
      return 'final';
    }
    if (tx.status === 'failed' || tx.status === 'reversed') {
      await completion.fail(intent, 'ERROR', { message: cardFailureMessage(tx.gatewayResponse) });
      return 'final';
    }
    // abandoned, ongoing, pending, processing, queued: the customer may still pay.
    return 'open';
  }

  /** Verifies a card intent with the gateway and applies the answer; an unknown answer leaves it open. */
  async function verify(intent: IntentRow): Promise<'final' | 'open'> {
    try {
      return await applyTransaction(intent, await paystack.verifyTransaction(intent.id));
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      if (error.code === TRANSACTION_NOT_FOUND && intent.sessionUrl === null) {
        // The gateway never received the initialize: nobody can have paid.
        await completion.fail(intent, 'ERROR', { message: paymentMessages.cardNotStarted });
        return 'final';
      }
      log.warn({ err: error, intentId: intent.id }, 'card verify failed: outcome still unknown');
      return 'open';
    }
  }

  async function cardIntent(reference: string) {
    if (!UUID.test(reference)) return undefined;
    const intent = await repo.byId(reference);
    return intent?.methodCode === 'CARD' ? intent : undefined;
  }

  return {
    /** Opens the hosted checkout for a new card intent; the intent then carries its page. */
    async start(created: IntentRow, tokenEmail: string | null): Promise<IntentRow | undefined> {
      const email =
        tokenEmail ?? (await players.playersByUid([created.playerUid])).get(created.playerUid)?.email;
      try {
        const opened = await paystack.initializeTransaction({
          email: email ?? '',
          amountCents: Number(created.amountCents),
          reference: created.id,
          callbackUrl: `${config.publicUrl}${CARD_RETURN_PATH}`,
          currency: 'KES',
          metadata: { intentId: created.id, type: created.type },
        });
        const row = await repo.transition(created.id, 'IN_PROGRESS', { sessionUrl: opened.authorizationUrl });
        await publish(row);
        return row;
      } catch (error) {
        if (!(error instanceof PaystackError)) throw error;
        if (error.status === 0 || error.status >= 500) {
          // It may have reached the gateway: never a failure; reconciliation verifies the reference.
          log.warn({ err: error, intentId: created.id }, 'card initialize outcome unknown');
          const row = await repo.transition(created.id, 'IN_PROGRESS', {
            message: paymentMessages.waitingForCard,
          });
          await publish(row);
          return row;
        }
        log.warn({ err: error, intentId: created.id }, 'card initialize refused');
        return completion.fail(created, 'ERROR', { message: paymentMessages.cardNotStarted });
      }
    },

    /**
     * The gateway's webhook, on the raw bytes: 'unauthorized' (bad or missing signature; nothing
     * read), 'malformed', or 'ok' (applied once, or nothing to do).
     */
    async handleWebhook(rawBody: Buffer, signature: string | undefined) {
      if (!verifyWebhookSignature(rawBody, signature, config.paystack.secretKey)) return 'unauthorized';
      let event: ReturnType<typeof parseWebhookEvent>;
      try {
        event = parseWebhookEvent(rawBody);
      } catch (error) {
        log.warn({ err: error }, 'malformed card webhook');
        return 'malformed';
      }
      if (!event) return 'ok';
      const intent = await cardIntent(event.reference);
      if (!intent) {
        log.error({ reference: event.reference }, 'card webhook for no card payment of ours');
        return 'ok';
      }
      if (event.status !== 'success') return 'ok';
      await applyTransaction(intent, {
        status: 'success',
        amountCents: event.amountCents,
        currency: event.currency,
        reference: event.reference,
        gatewayResponse: 'Successful',
        paidAt: event.paidAt,
      });
      return 'ok';
    },

    /** The browser's return from the checkout: verified with the gateway before anything moves. */
    async handleReturn(reference: string): Promise<string | undefined> {
      const intent = await cardIntent(reference);
      if (!intent) return undefined;
      if (intent.status === 'PENDING' || intent.status === 'IN_PROGRESS') await verify(intent);
      return intent.id;
    },

    verify,
  };
}

export type CardPayments = ReturnType<typeof createCardPayments>;
