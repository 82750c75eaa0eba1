import { AsyncLocalStorage } from 'node:async_hooks';
import { type DarajaClient, DarajaError } from '../../../../platform/daraja/client.ts';
import type { JobHandler } from '../../../../platform/jobs/index.ts';
import { onNextTurn } from '../../../../platform/next-turn.ts';
import { failureOf, type RecordEvents } from '../../events.ts';
import type { Lifecycle } from '../../intents/lifecycle.ts';
import type { IntentRepo, IntentRow } from '../../intents/repo.ts';

/** At most this many payouts in one batch (the job worker claims fewer at a time). */
const MAX_BATCH = 32;

type B2cRequest = Parameters<DarajaClient['b2cPayment']>[0];

/** Runs a function in the async context a job was in when it joined the batch (its request id, its trace). */
type InContext = ReturnType<typeof AsyncLocalStorage.snapshot>;
const runIn = <R>(inContext: InContext | undefined, work: () => R): R =>
  inContext ? inContext(work) : work();

/** What sending a payout uses, alone (payout.ts) or in a batch. */
export interface PayoutSendDeps {
  daraja: Pick<DarajaClient, 'b2cPayment'>;
  intents: Pick<IntentRepo, 'claimToSend' | 'progressed'>;
  lifecycle: Pick<Lifecycle, 'progress' | 'publish'>;
}

/**
 * The payouts the job worker claimed together, sent as one batch (ADR 0059): their intents read and
 * marked sent in one statement (ADR 0074), their requests' events written in one, the B2C requests sent at once, their answers'
 * events in one, and those Daraja took moved to IN_PROGRESS with their ConversationIDs in one, instead
 * of four statements each. Each SEND_PAYOUT_JOB still succeeds or fails alone: a refusal or an unknown
 * outcome is handled per payout as when sent alone (`notTaken`), and a move the batch could not write
 * (a ConversationID another intent holds) is written alone, where it fails its job only.
 */
export function createPayoutBatches({
  daraja,
  intents,
  lifecycle,
  recordEvents,
  requestOf,
  event,
  notTaken,
}: PayoutSendDeps & {
  recordEvents: RecordEvents;
  requestOf: (intent: IntentRow) => B2cRequest;
  event: (intent: IntentRow) => { intentId: string; provider: 'MPESA'; operation: string };
  notTaken: (intent: IntentRow, error: unknown) => Promise<unknown>;
}) {
  let pending: { intentId: string; inContext: InContext; resolve(): void; reject(error: unknown): void }[] =
    [];

  /** Sends the batch; answers each intent's failure, for its own job (none when it went as it should). */
  async function send(contexts: Map<string, InContext>): Promise<Map<string, unknown>> {
    const ids = [...contexts.keys()];
    const failures = new Map<string, unknown>();
    // Marked sent as they are read: one sent already (or settled) is not sent again here. An unknown
    // outcome is left to reconciliation, which asks Transaction Status first (ADR 0074).
    const due = await intents.claimToSend(ids);
    if (due.length === 0) return failures;
    const requests = due.map((intent) => ({ intent, request: requestOf(intent) }));
    await recordEvents(
      requests.map(({ intent, request }) => ({ ...event(intent), kind: 'request-sent', body: request })),
    );
    const answers = await Promise.all(
      requests.map(({ intent, request }) =>
        // In its own job's context: the request carries the id of the request that started it (ADR 0051).
        runIn(contexts.get(intent.id), () => daraja.b2cPayment(request)).then(
          (sent) => ({ intent, sent, error: undefined }),
          (error: unknown) => ({ intent, sent: undefined, error }),
        ),
      ),
    );
    // As when sent alone: an answer is Daraja's, or its refusal; any other error is only thrown.
    await recordEvents(
      answers.flatMap(({ intent, sent, error }) =>
        sent || error instanceof DarajaError
          ? [{ ...event(intent), kind: 'answer' as const, body: sent ?? failureOf(error as DarajaError) }]
          : [],
      ),
    );
    const taken = answers.flatMap(({ intent, sent }) => (sent ? [{ intent, sent }] : []));
    await Promise.all([
      moveTaken(taken, failures),
      ...answers.map(({ intent, error }) =>
        error === undefined
          ? undefined
          : notTaken(intent, error).catch((thrown: unknown) => failures.set(intent.id, thrown)),
      ),
    ]);
    return failures;
  }

  /** IN_PROGRESS with their ConversationIDs, told to the payers: together, or alone when that fails. */
  async function moveTaken(
    taken: { intent: IntentRow; sent: { conversationId: string } }[],
    failures: Map<string, unknown>,
  ) {
    if (taken.length === 0) return;
    try {
      const rows = await intents.progressed(
        taken.map(({ intent, sent }) => ({ id: intent.id, conversationId: sent.conversationId })),
      );
      await Promise.all(rows.map((row) => lifecycle.publish(row)));
    } catch {
      await Promise.all(
        taken.map(({ intent, sent }) =>
          lifecycle
            .progress(intent, { conversationId: sent.conversationId })
            .catch((thrown: unknown) => failures.set(intent.id, thrown)),
        ),
      );
    }
  }

  async function flush() {
    const batch = pending.slice(0, MAX_BATCH);
    pending = pending.slice(MAX_BATCH);
    if (pending.length > 0) schedule();
    try {
      const failures = await send(new Map(batch.map((entry) => [entry.intentId, entry.inContext])));
      for (const entry of batch) {
        if (failures.has(entry.intentId)) entry.reject(failures.get(entry.intentId));
        else entry.resolve();
      }
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }

  const schedule = onNextTurn(flush);

  /** SEND_PAYOUT_JOB's handler (registered with the module's other jobs in jobs.ts): joins the next batch. */
  const sendPayoutJob: JobHandler = (payload) =>
    new Promise<void>((resolve, reject) => {
      pending.push({
        intentId: String(payload.intentId),
        inContext: AsyncLocalStorage.snapshot(),
        resolve,
        reject,
      });
      schedule();
    });

  return { sendPayoutJob };
}
