import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import { isUniqueViolation } from '../../../platform/errors.ts';
import { reconcileJobKey } from '../jobs.ts';
import { createMoveGroups } from './move-groups.ts';
import type { Postings } from './postings.ts';
import type { IntentChanges, IntentRepo, IntentRow } from './repo.ts';
import { isFinal } from './states.ts';
import type { Publish } from './updates.ts';

export interface LifecycleDeps {
  db: Db;
  intents: Pick<IntentRepo, 'transition'>;
  postings: Postings;
  /** Removes waiting jobs by key in the caller's transaction (the job queue's `cancel`). */
  cancelJobs: (keys: string[], tx: Db) => Promise<void>;
  /** Records the players' notices of an intent that just ended (intents/notices.ts); none when absent. */
  recordNotices?: ((row: IntentRow, tx: Db) => Promise<void>) | undefined;
  publish: Publish;
  log: FastifyBaseLogger;
}

/**
 * The one way an intent moves (ADR 0011): every provider, callback, look-up and refusal ends a
 * payment here. An ending is one transaction: the conditional status change, its ledger entry
 * (postings.ts) and the players' notices (notices.ts); a late or repeated outcome finds nothing to
 * move and changes nothing. The payer's waiting page hears of each change once it is committed.
 */
export function createLifecycle({
  db,
  intents,
  postings,
  cancelJobs,
  recordNotices,
  publish,
  log,
}: LifecycleDeps) {
  // Endings at about the same moment share a transaction (move-groups.ts). An intent that ended has
  // nothing left to look up: its reconciliation job goes in that transaction instead of running
  // later to find it final (ADR 0061).
  const groups = createMoveGroups(db, (tx, rows) =>
    cancelJobs(
      (rows as (IntentRow | undefined)[]).flatMap((row) =>
        row && isFinal(row.status) ? [reconcileJobKey(row.id)] : [],
      ),
      tx,
    ),
  );
  /** A provider reference (receipt, charge, conversation) is UNIQUE: one used by another intent is refused. */
  async function once(
    intent: IntentRow,
    set: IntentChanges,
    move: (tx: Db) => Promise<IntentRow | undefined>,
  ): Promise<IntentRow | undefined> {
    let row: IntentRow | undefined;
    try {
      row = await groups.run(move);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      log.error(
        {
          intentId: intent.id,
          receipt: set.receipt,
          chargeId: set.chargeId,
          conversationId: set.conversationId,
        },
        'provider reference already used by another payment: refused',
      );
      return undefined;
    }
    await publish(row);
    return row;
  }

  /** COMPLETED with its ledger entry and notices, in the caller's transaction (a wallet payment's own). */
  async function completeIn(tx: Db, intent: IntentRow, set: IntentChanges, paidAt: Date) {
    const done = await intents.transition(intent.id, 'COMPLETED', { ...set, message: null }, tx);
    if (!done) return undefined;
    await postings.completed(done, paidAt, tx);
    await recordNotices?.(done, tx);
    return done;
  }

  return {
    /** The provider took the request (a prompt, a checkout page, a payout): IN_PROGRESS, told to the payer. */
    async progress(intent: IntentRow, set: IntentChanges): Promise<IntentRow | undefined> {
      const row = await intents.transition(intent.id, 'IN_PROGRESS', set);
      await publish(row);
      return row;
    },

    completeIn,

    /** A provider said the intent is paid (or the payout went through): COMPLETED, once. */
    complete(intent: IntentRow, set: IntentChanges, paidAt: Date) {
      return once(intent, set, (tx) => completeIn(tx, intent, set, paidAt));
    },

    /**
     * A provider said the payment failed or was cancelled, or it never started: nothing is taken, a
     * withdrawal's reservation comes back, and the player reads `message`.
     */
    fail(intent: IntentRow, status: 'ERROR' | 'CANCELLED', set: IntentChanges & { message: string }) {
      return once(intent, set, async (tx) => {
        const row = await intents.transition(intent.id, status, set, tx);
        if (!row) return undefined;
        await postings.failed(row, tx);
        await recordNotices?.(row, tx);
        return row;
      });
    },

    publish,
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;

/** What a provider's results.ts needs: its charges by reference, and the lifecycle to end them. */
export interface ProviderResultsDeps {
  intents: Pick<IntentRepo, 'chargeByReference'>;
  lifecycle: Pick<Lifecycle, 'complete' | 'fail'>;
  log: FastifyBaseLogger;
}
