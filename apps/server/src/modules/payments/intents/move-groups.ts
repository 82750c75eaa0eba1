import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../../../platform/db.ts';
import { onNextTurn } from '../../../platform/next-turn.ts';

/** At most this many endings in one transaction. */
const MAX_GROUP = 32;
/**
 * Groups written at once: while one is, the endings asked for wait and go together in the next, so
 * under a payday's load the groups grow instead of their number (as withdrawals', ADR 0044). In the
 * ledger bench's drain, 1 cost PostgreSQL 0.86 ms a payout where 2 cost 1.0 to 1.4 ms.
 */
const IN_FLIGHT = 1;

type Move<Row> = (tx: Db) => Promise<Row>;
type InContext = ReturnType<typeof AsyncLocalStorage.snapshot>;
/** Written in each group's transaction after its moves, with what they answered. */
export type AfterMoves = (tx: Db, rows: unknown[]) => Promise<void>;

/**
 * Intents' endings asked for at about the same moment (the results of payouts sent together), written
 * in one transaction and one commit instead of one each (ADR 0059), as withdrawals are (ADR 0044). A
 * group starts on the next turn of the event loop, at most IN_FLIGHT at once. Its moves run side by
 * side, so what each writes at the same step (the intents' moves, their entries, their notices) goes
 * in one statement for the group (`batchPerTransaction`, ADR 0061). When its transaction fails, nothing of it was
 * written and each ending is written again in a transaction of its own, so a failure (a provider
 * reference another intent holds, a deadlock with another instance's group) is the failing one's only.
 */
export function createMoveGroups(db: Db, after?: AfterMoves) {
  let pending: {
    move: Move<unknown>;
    /** The context it was asked in: its writes log and trace as the request's that asked (ADR 0051). */
    inContext: InContext;
    resolve(row: unknown): void;
    reject(error: unknown): void;
  }[] = [];
  const moveOf = (entry: (typeof pending)[number], tx: Db) => entry.inContext(() => entry.move(tx));

  const alone = (entry: (typeof pending)[number]) =>
    db
      .transaction(async (tx) => {
        const row = await moveOf(entry, tx);
        await after?.(tx, [row]);
        return row;
      })
      .then(entry.resolve, entry.reject);

  let writing = 0;
  async function flush() {
    if (writing >= IN_FLIGHT || pending.length === 0) return;
    const group = pending.slice(0, MAX_GROUP);
    pending = pending.slice(MAX_GROUP);
    writing++;
    if (pending.length > 0) schedule();
    try {
      await write(group);
    } finally {
      writing--;
      schedule();
    }
  }

  async function write(group: typeof pending) {
    const [only] = group;
    if (only && group.length === 1) return alone(only);
    let rows: unknown[];
    try {
      rows = await db.transaction(async (tx) => {
        // allSettled: every move has ended before the transaction does, a failed one included.
        const settled = await Promise.allSettled(group.map((entry) => moveOf(entry, tx)));
        const failed = settled.find((outcome) => outcome.status === 'rejected');
        if (failed) throw failed.reason;
        const moved = settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value);
        await after?.(tx, moved);
        return moved;
      });
    } catch {
      await Promise.all(group.map(alone));
      return;
    }
    for (const [i, entry] of group.entries()) entry.resolve(rows[i]);
  }

  const schedule = onNextTurn(flush);

  return {
    /** Runs `move` in a transaction with the others asked for meanwhile; answers what it answered. */
    run<Row>(move: Move<Row>): Promise<Row> {
      return new Promise<Row>((resolve, reject) => {
        pending.push({
          move,
          inContext: AsyncLocalStorage.snapshot(),
          resolve: resolve as (row: unknown) => void,
          reject,
        });
        schedule();
      });
    },
  };
}
