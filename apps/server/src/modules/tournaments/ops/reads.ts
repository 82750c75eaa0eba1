import { and, count, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { createTournamentRepo } from '../repo.ts';
import { tournaments } from '../schema.ts';

const statusAt = (row: { starts: Date; ends: Date; cancelledAt: Date | null }, at: Date) =>
  row.cancelledAt ? 'cancelled' : at < row.starts ? 'upcoming' : at < row.ends ? 'running' : 'ended';

/**
 * What the console reads of tournaments on the database alone: how many run now (the
 * dashboard), and a tournament's players, those with a score, for a broadcast.
 */
export function createTournamentReads(db: Db) {
  const repo = createTournamentRepo(db);
  return {
    async runningCount(at: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(tournaments)
        .where(and(lte(tournaments.starts, at), gt(tournaments.ends, at), isNull(tournaments.cancelledAt)));
      return row?.n ?? 0;
    },

    /** The latest first, for the broadcast form's choice. */
    async choices(at = new Date()) {
      const rows = await db
        .select()
        .from(tournaments)
        .orderBy(desc(tournaments.starts), desc(tournaments.id))
        .limit(200);
      return rows.map((row) => ({ id: row.id, name: row.name, status: statusAt(row, at) }));
    },

    /** Every player with a score, in leaderboard order, read page by page in `tx`. */
    async players(id: number) {
      const [row] = await db
        .select({ name: tournaments.name })
        .from(tournaments)
        .where(eq(tournaments.id, id));
      if (!row) return undefined;
      return {
        name: row.name,
        count: await repo.count(id),
        uids: (tx: Db) => repo.finishers(id, tx),
      };
    },
  };
}

export type TournamentReads = ReturnType<typeof createTournamentReads>;
