import { moneyOpsMessages } from '@playon/shared/ops-money';
import type { Db } from '../../../../platform/db.ts';
import { AppError, isUniqueViolation } from '../../../../platform/errors.ts';
import type { RecordEvent } from '../../events.ts';
import type { Lifecycle } from '../../intents/lifecycle.ts';
import type { IntentRepo, IntentRow } from '../../intents/repo.ts';
import type { PlayerDirectory } from '../../players.ts';
import type { RecordChange } from '../../requests.ts';
import type { UnmatchedRepo } from './unmatched-repo.ts';

/**
 * An operator credits a kept STK callback to the player it came from: money came in, no
 * payment has it, and a person knows whose it is. It becomes a completed M-Pesa top-up of that
 * player's wallet, with the callback's checkout id and receipt (both unique, so at most once), its
 * TOPUP entry and the player's notice, in one transaction with the callback marked MATCHED; a second
 * resolve finds it matched and is refused.
 */
export function createUnmatchedResolution({
  db,
  unmatched,
  intents,
  lifecycle,
  players,
  events,
}: {
  db: Db;
  unmatched: Pick<UnmatchedRepo, 'lockById' | 'markMatched'>;
  intents: Pick<IntentRepo, 'insertIntent'>;
  lifecycle: Pick<Lifecycle, 'completeIn' | 'publish'>;
  players: PlayerDirectory;
  events: RecordEvent;
}) {
  return async function resolve(callbackId: number, uid: string, record: RecordChange) {
    let kept: { body: unknown; createdAt: Date } | undefined;
    let done: IntentRow | undefined;
    try {
      done = await db.transaction(async (tx) => {
        const row = await unmatched.lockById(callbackId, tx);
        if (!row) throw new AppError('NOT_FOUND', moneyOpsMessages.callbackNotFound);
        if (row.status !== 'OPERATOR') throw new AppError('CONFLICT', moneyOpsMessages.alreadyResolved);
        if (row.kind !== 'stk' || row.resultCode !== 0 || !row.amountCents || !row.checkoutRequestId)
          throw new AppError('CONFLICT', moneyOpsMessages.notMoneyIn);
        if (!(await players.playersByUid([uid], tx)).has(uid))
          throw new AppError('NOT_FOUND', moneyOpsMessages.playerNotFound, {
            uid: moneyOpsMessages.playerNotFound,
          });
        const created = await intents.insertIntent(
          {
            playerUid: uid,
            walletUid: uid,
            type: 'TOPUP',
            methodCode: 'MPESA',
            amountCents: row.amountCents,
            phone: row.phone,
            checkoutRequestId: row.checkoutRequestId,
            merchantRequestId: row.merchantRequestId,
          },
          tx,
        );
        const paidAt = row.createdAt;
        const completed = await lifecycle.completeIn(
          tx,
          created,
          { receipt: row.receipt, resultCode: 0, providerCompletedAt: paidAt },
          paidAt,
        );
        if (!completed) throw new Error(`top-up ${created.id} could not complete`);
        await unmatched.markMatched(row.id, completed.id, tx);
        await record(tx, {
          before: { callbackId: row.id, status: row.status },
          after: { status: 'MATCHED', intentId: completed.id, uid, amount: String(row.amountCents) },
        });
        kept = { body: row.body, createdAt: row.createdAt };
        return completed;
      });
    } catch (error) {
      // The receipt is already another payment's: this callback's money was applied once already.
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', moneyOpsMessages.alreadyResolved);
      throw error;
    }
    if (kept)
      await events({
        intentId: done.id,
        kind: 'callback',
        provider: 'MPESA',
        operation: 'stk-callback (kept, credited by an operator)',
        body: kept.body,
        at: kept.createdAt,
      });
    await lifecycle.publish(done);
    return done;
  };
}

export type ResolveUnmatched = ReturnType<typeof createUnmatchedResolution>;
