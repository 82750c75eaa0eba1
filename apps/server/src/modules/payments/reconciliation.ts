import type { FastifyBaseLogger } from 'fastify';
import { RunAgainLater } from '../../platform/jobs/index.ts';
import type { ProviderName, RecordEvent } from './events.ts';
import type { IntentRepo, IntentRow } from './intents/repo.ts';
import { isFinal } from './intents/states.ts';
import { RECONCILE_JOB } from './jobs.ts';
import type { BuiltProvider } from './providers/provider.ts';

const MAX_RECONCILE_DELAY_MS = 10 * 60_000;

/**
 * Reconciliation: each open intent has a durable job (RECONCILE_JOB, queued with the intent) that
 * asks its provider what happened, one look per attempt with a growing delay, until the intent is
 * final; past STK_UNKNOWN_GIVE_UP_MS what cannot be settled is listed for an operator.
 */
export function createReconciliation({
  intents,
  providerOf,
  builtOf,
  reconcileAfterMs,
  giveUpMs,
  events,
  log,
}: {
  intents: Pick<IntentRepo, 'byId' | 'openCreatedBefore'>;
  /** The provider of a method (providers/compose.ts), and its built parts when it is on. */
  providerOf: (methodCode: string) => { name: ProviderName } | undefined;
  builtOf: (methodCode: string) => Pick<BuiltProvider, 'reconcile' | 'unreachable'> | undefined;
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
        provider: providerOf(intent.methodCode)?.name ?? 'MPESA',
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
    const provider = builtOf(intent.methodCode);
    if (!provider) {
      // Its provider was on when the payment started and is off now: only an operator can settle it.
      log.error(
        { intentId: intent.id, method: intent.methodCode },
        'open payment of a provider that is not configured: left for an operator',
      );
      return;
    }
    let looked: Awaited<ReturnType<BuiltProvider['reconcile']>>;
    try {
      looked = await provider.reconcile(intent, attempts);
    } catch (error) {
      const unreachable = provider.unreachable(error);
      if (unreachable) throw again(unreachable);
      throw error;
    }
    if (looked === 'final') return;
    if ('again' in looked) throw again(looked.again);
    if (Date.now() - intent.createdAt.getTime() < giveUpMs) throw again(looked.open);
    log.error({ intentId: intent.id }, looked.stuck);
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
