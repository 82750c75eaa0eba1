import type { PaystackTransaction } from '../../../../platform/paystack/client.ts';
import type { ProviderResultsDeps } from '../../intents/lifecycle.ts';
import type { IntentRow } from '../../intents/repo.ts';
import { paymentMessages } from '../../messages.ts';

/** The player's reason for a failed card, from the gateway's word on it. */
function cardFailureMessage(gatewayResponse: string): string {
  const said = gatewayResponse.toLowerCase();
  if (said.includes('insufficient')) return paymentMessages.cardInsufficientFunds;
  if (said.includes('declined')) return paymentMessages.cardDeclined;
  return paymentMessages.cardFailed;
}

/**
 * What the card gateway says about a card charge (its reference is the intent's id), applied
 * through the intents' lifecycle: the webhook, the browser's return and reconciliation all end here.
 * A refund to the card is no charge: it moves only on the gateway's word on the refund (refunds.ts).
 */
export function createCardResults({ intents, lifecycle, log }: ProviderResultsDeps) {
  return {
    /** The card charge a gateway reference names, if it is one of ours; never a refund to the card. */
    cardCharge: (reference: string) => intents.chargeByReference(reference, 'CARD'),

    /** Applies what the gateway knows of a card intent now: 'final' once it is paid or failed, 'open' otherwise. */
    async apply(intent: IntentRow, tx: PaystackTransaction): Promise<'final' | 'open'> {
      if (tx.status === 'success') {
        if (BigInt(tx.amountCents) !== intent.amountCents || tx.currency !== 'KES') {
          log.error(
            { intentId: intent.id, amountCents: tx.amountCents, currency: tx.currency },
            'card payment does not match its intent: refused',
          );
          return 'open';
        }
        await lifecycle.complete(intent, { providerCompletedAt: tx.paidAt }, tx.paidAt ?? new Date());
        return 'final';
      }
      if (tx.status === 'reversed') {
        // Paid, then refunded in full at the gateway while we never completed it: failing it would
        // deny a payment that was made, crediting it would pay the money out twice (ADR 0076).
        log.error(
          { intentId: intent.id, amountCents: tx.amountCents, paidAt: tx.paidAt },
          'card payment paid and refunded at the gateway before we completed it: left for an operator',
        );
        return 'open';
      }
      if (tx.status === 'failed') {
        await lifecycle.fail(intent, 'ERROR', { message: cardFailureMessage(tx.gatewayResponse) });
        return 'final';
      }
      // abandoned, ongoing, pending, processing, queued: the customer may still pay.
      return 'open';
    },
  };
}

export type CardResults = ReturnType<typeof createCardResults>;
