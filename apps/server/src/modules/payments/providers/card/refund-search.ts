import type { FastifyBaseLogger } from 'fastify';
import {
  PaystackError,
  type PaystackRefund,
  type PaystackRefunds,
} from '../../../../platform/paystack/client.ts';
import { failureOf, type RecordEvent } from '../../events.ts';
import type { IntentRepo, IntentRow } from '../../intents/repo.ts';

/** Our clock and the gateway's may differ: the window reaches this far past the claim on each side. */
const SKEW_MS = 15 * 60_000;
const PER_PAGE = 100;
/** Past this many pages the listing is not read to its end: the refund stays open, asked about later. */
const MAX_PAGES = 50;

/** What the gateway's refund list says of one of our refunds: it, none (a whole listing), or unknown. */
export type MadeAlready = PaystackRefund | 'none' | 'unknown';

/**
 * The refund the gateway already holds for a refund intent that was claimed for sending but kept no
 * gateway id (its POST /refund timed out, or its process died). Paystack lists refunds only by
 * creation time (`from`, `to`, `perPage`, `page`; no filter by transaction), so every page of a window
 * that covers the claim is read, and the refund is the one with our note (or, for a list that gives no
 * note, the only one of the payment's amount that no refund of ours kept). 'none' comes only from a
 * listing read to its end; a failed read, too many pages or two refunds that could be it are
 * 'unknown', and the refund is never sent again on them (ADR 0076).
 */
export function createRefundSearch({
  paystack,
  intents,
  events,
  log,
}: {
  paystack: Pick<PaystackRefunds, 'listRefundsCreated'>;
  intents: Pick<IntentRepo, 'byCardRefundId' | 'openCardRefundsOf'>;
  events: RecordEvent;
  log: FastifyBaseLogger;
}) {
  /** Every refund created in [from, to], or null when a page could not be read or there are too many. */
  async function everyRefund(intent: IntentRow, from: Date, to: Date) {
    const event = { intentId: intent.id, provider: 'CARD', operation: 'refund-list' } as const;
    await events({ ...event, kind: 'request-sent', body: { from, to, perPage: PER_PAGE } });
    const listed: PaystackRefund[] = [];
    try {
      for (let page = 1, pageCount = 1; page <= pageCount; page++) {
        const answer = await paystack.listRefundsCreated({ from, to, page, perPage: PER_PAGE });
        pageCount = answer.pageCount;
        if (pageCount > MAX_PAGES) {
          await events({ ...event, kind: 'answer', body: { pageCount, read: false } });
          log.error(
            { intentId: intent.id, pageCount },
            'card refund list too long to read: refund left open',
          );
          return null;
        }
        listed.push(...answer.refunds);
      }
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      await events({ ...event, kind: 'answer', body: failureOf(error) });
      log.warn({ err: error, intentId: intent.id }, 'card refund list not read: refund left open');
      return null;
    }
    await events({ ...event, kind: 'answer', body: { refunds: listed.length, read: true } });
    return listed;
  }

  /** A refund no intent of ours keeps the gateway id of. */
  async function unkept(refunds: PaystackRefund[]) {
    const kept = await Promise.all(refunds.map((refund) => intents.byCardRefundId(refund.id)));
    return refunds.filter((_refund, index) => kept[index] === undefined);
  }

  return async function madeAlready(intent: IntentRow, reference: string): Promise<MadeAlready> {
    const claimedAt = Math.min(intent.createdAt.getTime(), intent.updatedAt.getTime());
    const listed = await everyRefund(intent, new Date(claimedAt - SKEW_MS), new Date(Date.now() + SKEW_MS));
    if (!listed) return 'unknown';
    const noted = listed.filter((refund) => refund.merchantNote === intent.id);
    if (noted.length > 1)
      log.error(
        { intentId: intent.id, refundIds: noted.map((r) => r.id) },
        'card refunded twice for one refund',
      );
    if (noted[0]) return noted[0];
    // A list that gives no note: a refund of the payment's (or an unnamed) transaction, of this amount.
    const sameAmount = listed.filter(
      (refund) =>
        refund.merchantNote === null &&
        (refund.transactionReference === reference || refund.transactionReference === '') &&
        BigInt(refund.amountCents) === intent.amountCents,
    );
    const candidates = await unkept(sameAmount);
    if (candidates.length === 0) return 'none';
    const waiting = (await intents.openCardRefundsOf(reference)).filter(
      (open) => open.cardRefundId === null && open.amountCents === intent.amountCents,
    );
    const [only] = candidates;
    if (candidates.length === 1 && only?.transactionReference === reference && waiting.length === 1)
      return only;
    log.error(
      { intentId: intent.id, refundIds: candidates.map((r) => r.id) },
      'card refund cannot be told apart in the gateway list: left open for an operator',
    );
    return 'unknown';
  };
}

export type RefundSearch = ReturnType<typeof createRefundSearch>;
