import { DarajaError, REQUEST_TIMEOUT_MS } from '../../platform/daraja/client.ts';
import { RunAgainLater } from '../../platform/jobs/index.ts';
import type { AirtimePayments } from './airtime.ts';
import type { CardPayments } from './card.ts';
import { type PaymentContext, paymentMessages, RECONCILE_JOB } from './context.ts';
import type { Settlement } from './settlement.ts';
import type { Withdrawals } from './withdrawal.ts';

const MAX_RECONCILE_DELAY_MS = 10 * 60_000;
/** A top-up whose STK push never went out fails at this look, once no push of it can still be in flight. */
const NEVER_SENT_LOOKS = 3;

/**
 * Reconciliation: each open intent has a durable job that asks M-Pesa what happened (STK Push
 * Query, Transaction Status) or sends a B2C request again, until the intent is final.
 */
export function createReconciliation(
  ctx: PaymentContext,
  settlement: Settlement,
  withdrawals: Withdrawals,
  card: CardPayments,
  airtime: AirtimePayments,
) {
  const { config, repo, jobs, daraja, log, callbackUrl, publish } = ctx;

  const isPastGiveUp = (intent: { createdAt: Date }) =>
    Date.now() - intent.createdAt.getTime() >= config.stkUnknownGiveUpMs;

  const reconcileDelay = (attempts: number) =>
    Math.min(
      MAX_RECONCILE_DELAY_MS,
      Math.max(1000, config.reconcileAfterMs) * 2 ** Math.max(0, attempts - 1),
    );

  async function reconcile(payload: Record<string, unknown>, job: { attempts: number }) {
    const intent = await repo.byId(String(payload.intentId));
    if (!intent || ['COMPLETED', 'ERROR', 'CANCELLED'].includes(intent.status)) return;
    const again = (reason: string) => new RunAgainLater(reconcileDelay(job.attempts), reason);
    try {
      if (intent.methodCode === 'CARD') {
        // Verified with the gateway; an abandoned checkout stays open (the customer may still pay).
        if ((await card.verify(intent)) === 'final') return;
        if (Date.now() - intent.createdAt.getTime() < config.stkUnknownGiveUpMs)
          throw again('card payment not final yet');
        log.error({ intentId: intent.id }, 'card payment still not final: left open for an operator');
        return;
      }
      if (intent.methodCode === 'SAFARICOM_CREDIT') {
        const state = await airtime.reconcile(intent);
        if (state === 'final') return;
        // Not found by its reference, asked again later: the charge request never reached the carrier.
        if (state === 'never-sent' && job.attempts >= 3) return airtime.giveUp(intent);
        if (Date.now() - intent.createdAt.getTime() < config.stkUnknownGiveUpMs)
          throw again('airtime charge not final yet');
        log.error({ intentId: intent.id }, 'airtime charge still not final: left open for an operator');
        return;
      }
      if (intent.type !== 'WITHDRAWAL') {
        if (intent.status === 'PENDING' && !intent.checkoutRequestId) {
          // Created, then the process died before its STK push went out (a push that was sent leaves
          // PENDING, whatever its answer). Its callback, if the push did leave as we died, is matched
          // by phone and amount meanwhile; after three looks (the prompt would have ended) it fails
          // with the money untouched, so the player may try again.
          const pushCouldBeInFlight = Date.now() - intent.createdAt.getTime() < 2 * REQUEST_TIMEOUT_MS;
          if (job.attempts < NEVER_SENT_LOOKS || pushCouldBeInFlight) throw again('STK push not sent yet');
          log.warn({ intentId: intent.id }, 'STK push never sent: the top-up fails, no money moved');
          await publish(
            await repo.transition(intent.id, 'ERROR', { message: paymentMessages.mpesaNotStarted }),
          );
          return;
        }
        if (!intent.checkoutRequestId) {
          // The push's answer never reached us (timeout, 5xx, crash): nothing to ask about. Its
          // callback, if any, is matched by phone and amount; the outcome is unknown, never failed.
          if (Date.now() - intent.createdAt.getTime() < config.stkUnknownGiveUpMs)
            throw again('no checkout id: waiting for its callback');
          log.error(
            { intentId: intent.id, phone: intent.phone, amountCents: String(intent.amountCents) },
            'top-up outcome unknown and no callback came: left open for an operator',
          );
          return;
        }
        const answer = await daraja.stkQuery(intent.checkoutRequestId);
        if (answer.resultCode === null) throw again('the customer has not answered yet');
        await settlement.settleTopUp(intent, {
          resultCode: answer.resultCode,
          receipt: null,
          completedAt: null,
        });
        return;
      }
      if (intent.type === 'WITHDRAWAL') {
        if (intent.status === 'PENDING' && !intent.conversationId) {
          // The B2C request's fate is unknown (Daraja unreachable, or we died before storing its
          // answer): send it again with the same OriginatorConversationID, which Daraja pays once.
          if ((await withdrawals.sendPayout(intent)) === 'refused') return;
          throw again('payout sent again');
        }
        if (isPastGiveUp(intent))
          log.warn(
            { intentId: intent.id, status: intent.status, createdAt: intent.createdAt.toISOString() },
            'withdrawal still not final past its give-up time: listed for an operator, still asking',
          );
        await daraja.transactionStatus({
          originatorConversationId: intent.originatorConversationId ?? intent.id,
          resultUrl: callbackUrl('status/result'),
          queueTimeoutUrl: callbackUrl('status/timeout'),
        });
        // The answer arrives at the status callback; look again later in case it does not.
        throw again('transaction status asked');
      }
    } catch (error) {
      if (error instanceof DarajaError) throw again(`Daraja: ${error.message}`);
      throw error;
    }
  }

  jobs.register(RECONCILE_JOB, reconcile);

  return {
    /** For the reconciliation of one intent now (tests, operators). */
    reconcileNow: (intentId: string, attempts = 1) => reconcile({ intentId }, { attempts }),
    /**
     * For operators: the intents still open (PENDING, IN_PROGRESS) past STK_UNKNOWN_GIVE_UP_MS, oldest
     * first. Reconciliation keeps asking about withdrawals and warns at each look; the rest wait here.
     */
    openPastGiveUp: (limit = 100) =>
      repo.openCreatedBefore(new Date(Date.now() - config.stkUnknownGiveUpMs), limit),
  };
}
