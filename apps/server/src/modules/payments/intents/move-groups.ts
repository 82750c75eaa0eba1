import type { Db } from '../../../platform/db.ts';
import { onNextTurn } from '../../../platform/next-turn.ts';

/** At most this many endings in one transaction. */
const MAX_GROUP = 32;

type Move<Row> = (tx: Db) => Promise<Row>;
/** Written in each group's transaction after its moves, with what they answered. */
export type AfterMoves = (tx: Db, rows: unknown[]) => Promise<void>;

/**
 * Intents' endings asked for at about the same moment (the results of payouts sent together), written
 * in one transaction and one commit instead of one each (ADR 0059), as withdrawals are (ADR 0044). A
 * group starts on the next turn of the event loop. When its transaction fails, nothing of it was
 * written and each ending is written again in a transaction of its own, so a failure (a provider
 * reference another intent holds, a deadlock with another instance's group) is the failing one's only.
 */
export function createMoveGroups(db: Db, after?: AfterMoves) {
  let pending: { move: Move<unknown>; resolve(row: unknown): void; reject(error: unknown): void }[] = [];

  const alone = (entry: (typeof pending)[number]) =>
    db
      .transaction(async (tx) => {
        const row = await entry.move(tx);
        await after?.(tx, [row]);
        return row;
      })
      .then(entry.resolve, entry.reject);

  async function flush() {
    const group = pending.slice(0, MAX_GROUP);
    pending = pending.slice(MAX_GROUP);
    if (pending.length > 0) schedule();
    const [only] = group;
    if (only && group.length === 1) return alone(only);
    let rows: unknown[];
    try {
      rows = await db.transaction(async (tx) => {
        const moved: unknown[] = [];
        for (const entry of group) moved.push(await entry.move(tx));
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
        pending.push({ move, resolve: resolve as (row: unknown) => void, reject });
        schedule();
      });
    },
  };
}
