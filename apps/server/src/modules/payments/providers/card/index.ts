import { PaystackError } from '../../../../platform/paystack/client.ts';
import { isChargeBy } from '../../intents/states.ts';
import { cardRecords, unreadRecords } from '../../ops/provider-records.ts';
import type { BuiltProvider, PaymentProvider } from '../provider.ts';
import { createCardCallbacks } from './callbacks.ts';
import { createCardCheckout } from './checkout.ts';
import { createCardVerification } from './reconcile.ts';
import { createCardRefunds } from './refunds.ts';
import { createCardResults } from './results.ts';
import { cardRoutes } from './routes.ts';

/** The card gateway's hosted checkout, and refunds to the card (ADR 0069). On when PAYSTACK_SECRET_KEY is set or the sandbox runs. */
export const cardProvider = {
  name: 'CARD',
  methodCode: 'CARD',
  clearing: 'CARD_CLEARING',
  build(deps) {
    const { config, players, intents, lifecycle, events, secrets, log, paystack } = deps;
    if (!paystack) return undefined;
    const results = createCardResults({ intents, lifecycle, log });
    const verify = createCardVerification({ paystack, results, lifecycle, events, log });
    // Sent and followed by reconciliation, and told by the webhook.
    const refunds = createCardRefunds({ paystack, intents, lifecycle, events, log });
    const callbacks = createCardCallbacks({
      results,
      verify,
      refunds,
      webhookKeys: secrets.cardWebhookKeys,
      events,
      log,
    });
    const start = createCardCheckout({
      paystack,
      players,
      lifecycle,
      publicUrl: config.publicUrl,
      events,
      log,
    });
    const source = "the card gateway's transaction and refund lists";
    return {
      checkout: (created, request) => start(created, request.email),
      async reconcile(intent) {
        if (intent.type === 'REFUND') {
          // Sent to the gateway at the first look, then followed until it is processed or failed.
          if ((await refunds.look(intent)) === 'final') return 'final';
          return {
            open: 'card refund not processed yet',
            stuck: 'card refund still not processed: left open for an operator',
          };
        }
        if (isChargeBy('CARD', intent)) {
          // Verified with the gateway; an abandoned checkout stays open (the customer may still pay).
          if ((await verify(intent)) === 'final') return 'final';
          return {
            open: 'card payment not final yet',
            stuck: 'card payment still not final: left open for an operator',
          };
        }
        // Neither a charge nor a refund: nothing the gateway could say applies to it.
        log.error(
          { intentId: intent.id, type: intent.type },
          'card intent of no card kind: left for an operator',
        );
        return 'final';
      },
      unreachable: (error) => (error instanceof PaystackError ? `card gateway: ${error.message}` : undefined),
      routes: cardRoutes(callbacks),
      records: deps.reports?.paystack ? cardRecords(deps.reports.paystack) : unreadRecords(source),
      callbacks,
    } satisfies BuiltProvider & Record<string, unknown>;
  },
} satisfies PaymentProvider;
