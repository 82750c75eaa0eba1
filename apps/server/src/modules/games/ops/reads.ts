import { and, asc, countDistinct, eq, gt, max, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { games, playSessions } from '../schema.ts';

const PAGE = 1000;

/**
 * What the console reads of games for a broadcast or a saved audience: the choices, who played one,
 * and who stopped playing.
 */
export function createGameReads(db: Db) {
  return {
    /**
     * Everyone who played once and not since `cutoff`, in uid order, in keyset pages of a thousand:
     * one pass over play_sessions_uid_started_idx, each player's latest session read from its end.
     */
    async *lapsedSince(cutoff: Date, tx: Db = db) {
      let after: string | undefined;
      for (;;) {
        const page = await tx
          .select({ uid: playSessions.uid })
          .from(playSessions)
          .where(after === undefined ? undefined : gt(playSessions.uid, after))
          .groupBy(playSessions.uid)
          .having(sql`${max(playSessions.startedAt)} < ${cutoff.toISOString()}::timestamptz`)
          .orderBy(asc(playSessions.uid))
          .limit(PAGE);
        for (const row of page) yield row.uid;
        if (page.length < PAGE) return;
        after = page.at(-1)?.uid;
      }
    },

    async name(id: number) {
      const [game] = await db.select({ name: games.name }).from(games).where(eq(games.id, id));
      return game?.name;
    },

    async choices() {
      return db
        .select({ id: games.id, name: games.name })
        .from(games)
        .orderBy(asc(games.name), asc(games.id));
    },

    /** Everyone who ever started a session of the game, each once. */
    async players(id: number) {
      const [game] = await db.select({ name: games.name }).from(games).where(eq(games.id, id));
      if (!game) return undefined;
      const [played] = await db
        .select({ n: countDistinct(playSessions.uid) })
        .from(playSessions)
        .where(eq(playSessions.gameId, id));
      return {
        name: game.name,
        count: played?.n ?? 0,
        /** In keyset pages of a thousand: a popular game's players need not fit in memory. */
        async *uids(tx: Db) {
          let after: string | undefined;
          for (;;) {
            const page = await tx
              .selectDistinct({ uid: playSessions.uid })
              .from(playSessions)
              .where(
                and(
                  eq(playSessions.gameId, id),
                  after === undefined ? undefined : gt(playSessions.uid, after),
                ),
              )
              .orderBy(asc(playSessions.uid))
              .limit(PAGE);
            for (const row of page) yield row.uid;
            if (page.length < PAGE) return;
            after = page.at(-1)?.uid;
          }
        },
      };
    },
  };
}

export type GameReads = ReturnType<typeof createGameReads>;
