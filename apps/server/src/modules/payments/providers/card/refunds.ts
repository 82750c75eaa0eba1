import type { FastifyBaseLogger } from 'fastify';
import {
  PaystackError,
  type PaystackRefund,
  type PaystackRefunds,
} from '../../../../platform/paystack/client.ts';
import type { RefundEvent } from '../../../../platform/paystack/webhook.ts';
import { failureOf, type RecordEvent } from '../../events.ts';
import type { Lifecycle } from '../../intents/lifecycle.ts';
import type { IntentRepo, IntentRow } from '../../intents/repo.ts';
import { paymentMessages } from '../../messages.ts';
import { createRefundSearch } from './refund-search.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * A refund claimed for sending this long ago whose gateway refund a whole listing does not hold was
 * never sent (its process died first): it is sent again. Sooner, the one sending it may still be
 * waiting, or the gateway's list may not show it yet.
 */
const CLAIM_MS = 60_000;

/**
 * A refund to the card (ADR 0069): its REFUND intent asks the gateway to give the money back
 * (POST /refund, our refund's id as the merchant note), then follows it until the gateway says it was
 * processed (COMPLETED: pending payouts → card clearing) or failed (ERROR: the money goes back where
 * the refund took it from). Reconciliation's job does the asking, so a crash or a gateway that cannot
 * be reached is tried again. Sending is claimed first (PENDING → IN_PROGRESS, one winner), and a
 * retry looks for the refund in the gateway's whole list (refund-search.ts) before it asks again: the
 * gateway is asked once (ADR 0076).
 */
export function createCardRefunds({
  paystack,
  intents,
  lifecycle,
  events,
  log,
}: {
  paystack: PaystackRefunds;
  intents: Pick<IntentRepo, 'byId' | 'byCardRefundId' | 'openCardRefundsOf' | 'keepCardRefundId'>;
  lifecycle: Pick<Lifecycle, 'progress' | 'complete' | 'fail'>;
  events: RecordEvent;
  log: FastifyBaseLogger;
}) {
  /** What the gateway says of the refund, applied: 'final' once processed or failed, 'open' otherwise. */
  async function apply(intent: IntentRow, refund: PaystackRefund): Promise<'final' | 'open'> {
    if (refund.status === 'processed') {
      if (BigInt(refund.amountCents) !== intent.amountCents) {
        log.error(
          { intentId: intent.id, refundId: refund.id, amountCents: refund.amountCents },
          'card refund does not match its intent: left for an operator',
        );
        return 'open';
      }
      const at = refund.refundedAt ?? new Date();
      await lifecycle.complete(intent, { providerCompletedAt: at }, at);
      return 'final';
    }
    if (refund.status === 'failed') {
      await lifecycle.fail(intent, 'ERROR', { message: paymentMessages.cardRefundFailed });
      return 'final';
    }
    return 'open';
  }

  const madeAlready = createRefundSearch({ paystack, intents, events, log });

  /** POST /refund; null when the gateway refused it (nothing was refunded). */
  async function ask(intent: IntentRow, reference: string): Promise<PaystackRefund | null> {
    const request = {
      transactionReference: reference,
      amountCents: Number(intent.amountCents),
      currency: 'KES',
      merchantNote: intent.id,
    } as const;
    const event = { intentId: intent.id, provider: 'CARD', operation: 'refund' } as const;
    await events({ ...event, kind: 'request-sent', body: request });
    try {
      const made = await paystack.createRefund(request);
      await events({ ...event, kind: 'answer', body: made });
      return made;
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      await events({ ...event, kind: 'answer', body: failureOf(error) });
      // It may have reached the gateway: the next look finds it by its note.
      if (error.status === 0 || error.status >= 500) throw error;
      log.warn({ err: error, intentId: intent.id }, 'card refund refused by the gateway');
      return null;
    }
  }

  /** The gateway's refund of an intent without one kept yet: found, asked for, or 'wait'/'refused'. */
  async function refundOf(intent: IntentRow): Promise<PaystackRefund | 'wait' | 'refused'> {
    const reference = intent.refundOf;
    if (!reference) throw new Error(`card refund ${intent.id} refunds no payment`);
    if (intent.status === 'PENDING') {
      // Only the one that claims it sends it: unclaimed, it was never sent.
      const claimed = await lifecycle.progress(intent, {});
      if (!claimed) return 'wait';
      return (await ask(claimed, reference)) ?? 'refused';
    }
    const found = await madeAlready(intent, reference);
    if (found === 'unknown') return 'wait';
    if (found !== 'none') return found;
    if (Date.now() - intent.updatedAt.getTime() < CLAIM_MS) return 'wait';
    return (await ask(intent, reference)) ?? 'refused';
  }

  /** One look at an open refund to the card: sent when it was not yet, then followed. */
  async function look(intent: IntentRow): Promise<'final' | 'open'> {
    if (intent.cardRefundId === null) {
      const refund = await refundOf(intent);
      if (refund === 'wait') return 'open';
      if (refund === 'refused') {
        await lifecycle.fail(intent, 'ERROR', { message: paymentMessages.cardRefundFailed });
        return 'final';
      }
      const kept = await intents.keepCardRefundId(intent.id, refund.id);
      return apply(kept ?? intent, refund);
    }
    const event = { intentId: intent.id, provider: 'CARD', operation: 'refund-fetch' } as const;
    await events({ ...event, kind: 'request-sent', body: { id: intent.cardRefundId } });
    const refund = await paystack.fetchRefund(intent.cardRefundId);
    await events({ ...event, kind: 'answer', body: refund });
    return apply(intent, refund);
  }

  /** The refunds of ours a refund event may be about: the one keeping the id it names, else its payment's open ones. */
  async function refundsNamedBy(event: RefundEvent): Promise<IntentRow[]> {
    for (const id of [event.refundId, event.refundReference]) {
      const known = id ? await intents.byCardRefundId(id) : undefined;
      if (known) return [known];
    }
    const reference = event.transactionReference;
    if (!reference || !UUID.test(reference)) return [];
    const open = await intents.openCardRefundsOf(reference);
    const noted = open.filter((intent) => intent.id === event.merchantNote);
    if (noted.length > 0) return noted;
    return open.filter(
      (intent) => event.amountCents === null || intent.amountCents === BigInt(event.amountCents),
    );
  }

  /**
   * A signed refund webhook, as Paystack sends it (no refund id; ADR 0076): it only prompts a look with
   * the gateway at the refunds it may be about, so a repeated or late webhook changes nothing. One that
   * matches none of ours is logged and acknowledged: the refund's own job still follows it.
   */
  async function webhook(event: RefundEvent, rawBody: string) {
    const candidates = await refundsNamedBy(event);
    if (candidates.length === 0) {
      log.warn(
        {
          refundId: event.refundId,
          refundReference: event.refundReference,
          transactionReference: event.transactionReference,
          status: event.status,
        },
        'card refund webhook matches no open refund of ours: acknowledged',
      );
      return;
    }
    for (const intent of candidates) {
      await events({
        intentId: intent.id,
        kind: 'callback',
        provider: 'CARD',
        operation: 'webhook',
        body: rawBody,
      });
      const fresh = await intents.byId(intent.id);
      if (fresh && (fresh.status === 'PENDING' || fresh.status === 'IN_PROGRESS')) await look(fresh);
    }
  }

  return { look, webhook };
}

export type CardRefunds = ReturnType<typeof createCardRefunds>;
