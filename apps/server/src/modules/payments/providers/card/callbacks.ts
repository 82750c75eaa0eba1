import type { FastifyBaseLogger } from 'fastify';
import { MalformedCallbackError } from '../../../../platform/errors.ts';
import { parseWebhookEvent, verifyWebhookSignature } from '../../../../platform/paystack/webhook.ts';
import type { RecordEvent } from '../../events.ts';
import type { VerifyCard } from './reconcile.ts';
import type { CardRefunds } from './refunds.ts';
import type { CardResults } from './results.ts';

/** What the gateway and the payer's browser send back: the signed webhook and the return from the checkout. */
export function createCardCallbacks({
  results,
  verify,
  refunds,
  webhookKeys,
  events,
  log,
}: {
  results: CardResults;
  verify: VerifyCard;
  refunds: Pick<CardRefunds, 'webhook'>;
  /** The keys the gateway's webhooks may be signed with now: its secret key, and a previous one (ADR 0054). */
  webhookKeys: () => string[];
  events: RecordEvent;
  log: FastifyBaseLogger;
}) {
  return {
    /**
     * The gateway's webhook, on the raw bytes: 'unauthorized' (bad or missing signature; nothing
     * read), 'malformed', or 'ok' (applied once, or nothing to do).
     */
    async handleWebhook(rawBody: Buffer, signature: string | undefined) {
      if (!webhookKeys().some((key) => verifyWebhookSignature(rawBody, signature, key)))
        return 'unauthorized';
      let event: ReturnType<typeof parseWebhookEvent>;
      try {
        event = parseWebhookEvent(rawBody);
      } catch (error) {
        if (!(error instanceof MalformedCallbackError)) throw error;
        log.warn({ err: error }, 'malformed card webhook');
        return 'malformed';
      }
      if (!event) return 'ok';
      if (event.event === 'refund') {
        await refunds.webhook(event, rawBody.toString('utf8'));
        return 'ok';
      }
      const intent = await results.cardCharge(event.reference);
      if (!intent) {
        log.error({ reference: event.reference }, 'card webhook for no card charge of ours');
        return 'ok';
      }
      await events({
        intentId: intent.id,
        kind: 'callback',
        provider: 'CARD',
        operation: 'webhook',
        body: rawBody.toString('utf8'),
      });
      if (event.status !== 'success') return 'ok';
      await results.apply(intent, {
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
      const intent = await results.cardCharge(reference);
      if (!intent) return undefined;
      await events({
        intentId: intent.id,
        kind: 'callback',
        provider: 'CARD',
        operation: 'browser-return',
        body: { reference },
      });
      if (intent.status === 'PENDING' || intent.status === 'IN_PROGRESS') await verify(intent);
      return intent.id;
    },
  };
}

export type CardCallbacks = ReturnType<typeof createCardCallbacks>;
