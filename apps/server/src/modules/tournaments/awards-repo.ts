import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { hallOfFame, tournamentAwards } from './schema.ts';

export type AwardRow = typeof tournamentAwards.$inferSelect;
export type NewAward = typeof tournamentAwards.$inferInsert;
export type HallOfFameRow = typeof hallOfFame.$inferSelect;

export function createAwardsRepo(db: Db) {
  return {
    /** A place already given a prize keeps it. */
    async insertAwards(awards: NewAward[], tx: Db = db) {
      if (awards.length === 0) return;
      await tx
        .insert(tournamentAwards)
        .values(awards)
        .onConflictDoNothing({ target: [tournamentAwards.tournamentId, tournamentAwards.position] });
    },
    /** A tournament's prizes replaced, before it is ranked: nothing was granted yet. */
    async replaceAwards(tournamentId: number, awards: NewAward[], tx: Db) {
      await tx.delete(tournamentAwards).where(eq(tournamentAwards.tournamentId, tournamentId));
      if (awards.length > 0) await tx.insert(tournamentAwards).values(awards);
    },
    ofTournament: (tournamentId: number, tx: Db = db) =>
      tx
        .select()
        .from(tournamentAwards)
        .where(eq(tournamentAwards.tournamentId, tournamentId))
        .orderBy(asc(tournamentAwards.position)),
    /** Gives the place to its winner once: a place already given is left alone (undefined then). */
    async grant(awardId: number, winnerUid: string, grantId: string, at: Date, tx: Db) {
      const [row] = await tx
        .update(tournamentAwards)
        .set({ winnerUid, grantId, grantedAt: at })
        .where(and(eq(tournamentAwards.id, awardId), isNull(tournamentAwards.grantId)))
        .returning();
      return row;
    },
    async insertHallOfFame(entry: typeof hallOfFame.$inferInsert, tx: Db) {
      await tx.insert(hallOfFame).values(entry).onConflictDoNothing({ target: hallOfFame.tournamentId });
    },
    hallOfFame: (tx: Db = db) =>
      tx.select().from(hallOfFame).orderBy(desc(hallOfFame.createdAt), desc(hallOfFame.id)),
  };
}

export type AwardsRepo = ReturnType<typeof createAwardsRepo>;
