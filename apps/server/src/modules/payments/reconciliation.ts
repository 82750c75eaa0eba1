import type { FastifyBaseLogger } from 'fastify';
import { DarajaError } from '../../platform/daraja/client.ts';
import { type JobQueue, RunAgainLater } from '../../platform/jobs/index.ts';
import type { IntentRepo } from './intents/repo.ts';
import { isFinal } from './intents/states.ts';
import { RECONCILE_JOB } from './job-names.ts';
import type { AirtimeReconciliation } from './providers/airtime/reconcile.ts';
import type { VerifyCard } from './providers/card/reconcile.ts';
import type { MpesaReconciliation } from './providers/mpesa/reconcile.ts';

const MAX_RECONCILE_DELAY_MS = 10 * 60_000;
/** An airtime charge the carrier cannot find at this many looks was never sent. */
const AIRTIME_NEVER_SENT_LOOKS = 3;

/**
 * Reconciliation: each open intent has a durable job (RECONCILE_JOB, queued with the intent) that
 * asks its provider what happened, one look per attempt with a growing delay, until the intent is
 * final; past STK_UNKNOWN_GIVE_UP_MS what cannot be settled is listed for an operator.
 */
export function createReconciliation({
  intents,
  jobs,
  providers,
  reconcileAfterMs,
  giveUpMs,
  log,
}: {
  intents: Pick<IntentRepo, 'byId' | 'openCreatedBefore'>;
  jobs: JobQueue;
  providers: { mpesa: MpesaReconciliation; card: VerifyCard; airtime: AirtimeReconciliation };
  reconcileAfterMs: number;
  giveUpMs: number;
  log: FastifyBaseLogger;
}) {
  const reconcileDelay = (attempts: number) =>
    Math.min(MAX_RECONCILE_DELAY_MS, Math.max(1000, reconcileAfterMs) * 2 ** Math.max(0, attempts - 1));

  async function reconcile(payload: Record<string, unknown>, job: { attempts: number }) {
    const intent = await intents.byId(String(payload.intentId));
    if (!intent || isFinal(intent.status)) return;
    const again = (reason: string) => new RunAgainLater(reconcileDelay(job.attempts), reason);
    const withinGiveUp = () => Date.now() - intent.createdAt.getTime() < giveUpMs;
    try {
      if (intent.methodCode === 'CARD') {
        // Verified with the gateway; an abandoned checkout stays open (the customer may still pay).
        if ((await providers.card(intent)) === 'final') return;
        if (withinGiveUp()) throw again('card payment not final yet');
        log.error({ intentId: intent.id }, 'card payment still not final: left open for an operator');
        return;
      }
      if (intent.methodCode === 'SAFARICOM_CREDIT') {
        const state = await providers.airtime.reconcile(intent);
        if (state === 'final') return;
        // Not found by its reference, asked again later: the charge request never reached the carrier.
        if (state === 'never-sent' && job.attempts >= AIRTIME_NEVER_SENT_LOOKS)
          return providers.airtime.giveUp(intent);
        if (withinGiveUp()) throw again('airtime charge not final yet');
        log.error({ intentId: intent.id }, 'airtime charge still not final: left open for an operator');
        return;
      }
      const look =
        intent.type === 'WITHDRAWAL'
          ? await providers.mpesa.payout(intent)
          : await providers.mpesa.payment(intent, job.attempts);
      if (look !== 'final') throw again(look.again);
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
    openPastGiveUp: (limit = 100) => intents.openCreatedBefore(new Date(Date.now() - giveUpMs), limit),
  };
}
