import { and, asc, countDistinct, eq, gt } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { games, playSessions } from '../schema.ts';

const PAGE = 1000;

/** What the console reads of games for a broadcast: the choices, and who played one. */
export function createGameReads(db: Db) {
  return {
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
