import type { FastifyBaseLogger } from 'fastify';
import type { DarajaClient } from '../../../../platform/daraja/client.ts';
import { PROVIDER_TIMEOUT_MS } from '../../../../platform/provider-fetch.ts';
import { failureOf, type RecordEvent } from '../../events.ts';
import type { Lifecycle } from '../../intents/lifecycle.ts';
import type { IntentRow } from '../../intents/repo.ts';
import { paymentMessages } from '../../messages.ts';
import type { CallbackUrl } from './callback-urls.ts';
import type { Payouts } from './payout.ts';
import type { MpesaResults } from './results.ts';
import type { StatusQueries } from './status-queries.ts';

/** A top-up whose STK push never went out fails at this look, once no push of it can still be in flight. */
const NEVER_SENT_LOOKS = 3;

/** 'final' when the intent is settled (or left for an operator); otherwise why to look again later. */
export type Look = 'final' | { again: string };

/**
 * M-Pesa's side of reconciliation (reconciliation.ts runs one look per job attempt): an STK Push
 * Query for a prompt; for a payout, a Transaction Status request, or its B2C request when none can
 * have reached Daraja (ADR 0074).
 * Daraja errors are thrown to the caller, which looks again later.
 */
export function createMpesaReconciliation({
  daraja,
  lifecycle,
  results,
  payouts,
  statusQueries,
  callbackUrl,
  giveUpMs,
  events,
  log,
}: {
  daraja: Pick<DarajaClient, 'stkQuery' | 'transactionStatus'>;
  lifecycle: Pick<Lifecycle, 'fail'>;
  results: Pick<MpesaResults, 'paymentResult'>;
  payouts: Pick<Payouts, 'sendPayout'>;
  statusQueries: Pick<StatusQueries, 'asked' | 'saidNotFoundSince'>;
  callbackUrl: CallbackUrl;
  /** STK_UNKNOWN_GIVE_UP_MS: past it, an intent we cannot settle is listed for an operator. */
  giveUpMs: number;
  events: RecordEvent;
  log: FastifyBaseLogger;
}) {
  const age = (intent: IntentRow) => Date.now() - intent.createdAt.getTime();

  /** A request to Daraja recorded on the intent's timeline, with its answer or its refusal. */
  async function asked<T>(intent: IntentRow, operation: string, sent: object, call: () => Promise<T>) {
    const event = { intentId: intent.id, provider: 'MPESA', operation } as const;
    await events({ ...event, kind: 'request-sent', body: sent });
    try {
      const answer = await call();
      await events({ ...event, kind: 'answer', body: answer });
      return answer;
    } catch (error) {
      await events({ ...event, kind: 'answer', body: failureOf(error as Error) });
      throw error;
    }
  }

  /** A prompt (top-up, boost, subscription). */
  async function payment(intent: IntentRow, attempts: number): Promise<Look> {
    if (intent.status === 'PENDING' && !intent.checkoutRequestId) {
      // Created, then the process died before its STK push went out (a push that was sent leaves
      // PENDING, whatever its answer). Its callback, if the push did leave as we died, is matched
      // by phone and amount meanwhile; after three looks (the prompt would have ended) it fails
      // with the money untouched, so the player may try again.
      const pushCouldBeInFlight = age(intent) < 2 * PROVIDER_TIMEOUT_MS;
      if (attempts < NEVER_SENT_LOOKS || pushCouldBeInFlight) return { again: 'STK push not sent yet' };
      log.warn({ intentId: intent.id }, 'STK push never sent: the top-up fails, no money moved');
      await lifecycle.fail(intent, 'ERROR', { message: paymentMessages.mpesaNotStarted });
      return 'final';
    }
    if (!intent.checkoutRequestId) {
      // The push's answer never reached us (timeout, 5xx, crash): nothing to ask about. Its
      // callback, if any, is matched by phone and amount; the outcome is unknown, never failed.
      if (age(intent) < giveUpMs) return { again: 'no checkout id: waiting for its callback' };
      log.error(
        { intentId: intent.id, phone: intent.phone, amountCents: String(intent.amountCents) },
        'top-up outcome unknown and no callback came: left open for an operator',
      );
      return 'final';
    }
    const checkoutRequestId = intent.checkoutRequestId;
    const answer = await asked(intent, 'stk-query', { checkoutRequestId }, () =>
      daraja.stkQuery(checkoutRequestId),
    );
    if (answer.resultCode === null) return { again: 'the customer has not answered yet' };
    await results.paymentResult(intent, { resultCode: answer.resultCode, receipt: null, completedAt: null });
    return 'final';
  }

  /**
   * A withdrawal's payout. Its B2C request is sent only when none can have reached Daraja: never sent
   * yet, or Transaction Status, asked since it was last sent, answered that Daraja has no such payment.
   * Otherwise (its answer lost, a duplicate, an unknown error) its status is asked: Daraja may have it,
   * and a request sent again could be paid twice or fail over a payout already paid.
   */
  async function payout(intent: IntentRow): Promise<Look> {
    if (intent.status === 'PENDING' && !intent.conversationId) {
      const sentAt = intent.payoutSentAt;
      if (!sentAt || (await statusQueries.saidNotFoundSince(intent.id, sentAt))) {
        if ((await payouts.sendPayout(intent)) === 'refused') return 'final';
        return { again: sentAt ? 'payout sent again: Daraja had no such payment' : 'payout sent' };
      }
    }
    if (age(intent) >= giveUpMs)
      log.warn(
        { intentId: intent.id, status: intent.status, createdAt: intent.createdAt.toISOString() },
        'withdrawal still not final past its give-up time: listed for an operator, still asking',
      );
    const query = {
      originatorConversationId: intent.originatorConversationId ?? intent.id,
      resultUrl: callbackUrl('status/result'),
      queueTimeoutUrl: callbackUrl('status/timeout'),
    };
    const taken = await asked(intent, 'transaction-status', query, () => daraja.transactionStatus(query));
    // Its result names the query by this id: what authenticates it (payout-callbacks.ts).
    await statusQueries.asked(taken.conversationId, intent.id);
    // The answer arrives at the status callback; look again later in case it does not.
    return { again: 'transaction status asked' };
  }

  return { payment, payout };
}

export type MpesaReconciliation = ReturnType<typeof createMpesaReconciliation>;
