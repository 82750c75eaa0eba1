import type { FastifyBaseLogger } from 'fastify';
import { DarajaError } from '../../platform/daraja/client.ts';
import { RunAgainLater } from '../../platform/jobs/index.ts';
import { PaystackError } from '../../platform/paystack/client.ts';
import type { EventProvider, RecordEvent } from './events.ts';
import type { IntentRepo, IntentRow } from './intents/repo.ts';
import { isChargeBy, isFinal, isPayout } from './intents/states.ts';
import { RECONCILE_JOB } from './jobs.ts';
import type { AirtimeReconciliation } from './providers/airtime/reconcile.ts';
import type { VerifyCard } from './providers/card/reconcile.ts';
import type { CardRefunds } from './providers/card/refunds.ts';
import type { MpesaReconciliation } from './providers/mpesa/reconcile.ts';

const MAX_RECONCILE_DELAY_MS = 10 * 60_000;
/** An airtime charge the carrier cannot find at this many looks was never sent. */
const AIRTIME_NEVER_SENT_LOOKS = 3;

const providerOf: Record<string, EventProvider | undefined> = {
  MPESA: 'MPESA',
  CARD: 'CARD',
  SAFARICOM_CREDIT: 'AIRTIME',
};

/**
 * Reconciliation: each open intent has a durable job (RECONCILE_JOB, queued with the intent) that
 * asks its provider what happened, one look per attempt with a growing delay, until the intent is
 * final; past STK_UNKNOWN_GIVE_UP_MS what cannot be settled is listed for an operator.
 */
export function createReconciliation({
  intents,
  providers,
  reconcileAfterMs,
  giveUpMs,
  events,
  log,
}: {
  intents: Pick<IntentRepo, 'byId' | 'openCreatedBefore'>;
  providers: {
    mpesa: MpesaReconciliation;
    card: VerifyCard;
    cardRefund: CardRefunds['look'];
    airtime: AirtimeReconciliation;
  };
  reconcileAfterMs: number;
  giveUpMs: number;
  events: RecordEvent;
  log: FastifyBaseLogger;
}) {
  const reconcileDelay = (attempts: number) =>
    Math.min(MAX_RECONCILE_DELAY_MS, Math.max(1000, reconcileAfterMs) * 2 ** Math.max(0, attempts - 1));

  /** One look at an open intent, kept on its timeline with what came of it. */
  async function reconcile(
    payload: Record<string, unknown>,
    job: { attempts: number },
    by: 'job' | 'operator' = 'job',
  ) {
    const intent = await intents.byId(String(payload.intentId));
    if (!intent || isFinal(intent.status)) return;
    const looked = (outcome: string) =>
      events({
        intentId: intent.id,
        kind: 'job',
        provider: providerOf[intent.methodCode] ?? 'MPESA',
        operation: RECONCILE_JOB,
        body: { by, attempt: job.attempts, outcome },
      });
    try {
      await look(intent, job.attempts);
      await looked('looked: settled, or left for an operator');
    } catch (error) {
      await looked(error instanceof RunAgainLater ? `open: ${error.message}` : `failed: ${String(error)}`);
      throw error;
    }
  }

  /** What the intent's provider says now: final, or RunAgainLater with the reason. */
  async function look(intent: IntentRow, attempts: number) {
    const again = (reason: string) => new RunAgainLater(reconcileDelay(attempts), reason);
    const withinGiveUp = () => Date.now() - intent.createdAt.getTime() < giveUpMs;
    try {
      if (intent.methodCode === 'CARD' && intent.type === 'REFUND') {
        // Sent to the gateway at the first look, then followed until it is processed or failed.
        if ((await providers.cardRefund(intent)) === 'final') return;
        if (withinGiveUp()) throw again('card refund not processed yet');
        log.error({ intentId: intent.id }, 'card refund still not processed: left open for an operator');
        return;
      }
      if (isChargeBy('CARD', intent)) {
        // Verified with the gateway; an abandoned checkout stays open (the customer may still pay).
        if ((await providers.card(intent)) === 'final') return;
        if (withinGiveUp()) throw again('card payment not final yet');
        log.error({ intentId: intent.id }, 'card payment still not final: left open for an operator');
        return;
      }
      if (intent.methodCode === 'CARD') {
        // Neither a charge nor a refund: nothing the gateway could say applies to it.
        log.error(
          { intentId: intent.id, type: intent.type },
          'card intent of no card kind: left for an operator',
        );
        return;
      }
      if (intent.methodCode === 'SAFARICOM_CREDIT') {
        const state = await providers.airtime.reconcile(intent);
        if (state === 'final') return;
        // Not found by its reference, asked again later: the charge request never reached the carrier.
        if (state === 'never-sent' && attempts >= AIRTIME_NEVER_SENT_LOOKS)
          return providers.airtime.giveUp(intent);
        if (withinGiveUp()) throw again('airtime charge not final yet');
        log.error({ intentId: intent.id }, 'airtime charge still not final: left open for an operator');
        return;
      }
      const seen = isPayout(intent)
        ? await providers.mpesa.payout(intent)
        : await providers.mpesa.payment(intent, attempts);
      if (seen !== 'final') throw again(seen.again);
    } catch (error) {
      if (error instanceof DarajaError) throw again(`Daraja: ${error.message}`);
      if (error instanceof PaystackError) throw again(`card gateway: ${error.message}`);
      throw error;
    }
  }

  return {
    /** RECONCILE_JOB's handler (registered with the module's other jobs in jobs.ts). */
    reconcileJob: reconcile,
    /**
     * One look at an intent now (tests, and an operator's "ask the provider now"): throws
     * RunAgainLater with the reason when it is still open.
     */
    reconcileNow: (intentId: string, attempts = 1, by: 'job' | 'operator' = 'job') =>
      reconcile({ intentId }, { attempts }, by),
    /**
     * For operators: the intents still open (PENDING, IN_PROGRESS) past STK_UNKNOWN_GIVE_UP_MS, oldest
     * first. Reconciliation keeps asking about withdrawals and warns at each look; the rest wait here.
     */
    openPastGiveUp: (limit = 100) => intents.openCreatedBefore(new Date(Date.now() - giveUpMs), limit),
  };
}
