import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { games } from '../games/service.ts';
import { challengeAnswers, challenges } from './schema.ts';

export type ChallengeRow = typeof challenges.$inferSelect;
export type AnswerRow = typeof challengeAnswers.$inferSelect;

/** What a challenge shows of its game: no more than its name and pictures. */
const gameColumns = {
  id: games.id,
  name: games.name,
  gameIcon: games.gameIcon,
  trailerPoster: games.trailerPoster,
};

export function createChallengeRepo(db: Db) {
  /** Challenges with their game and one answer each (`answerOn` picks which), newest first. */
  function pairings(where: ReturnType<typeof and>, answerOn: ReturnType<typeof and>, limit: number) {
    return db
      .select({ challenge: challenges, game: gameColumns, answer: challengeAnswers })
      .from(challenges)
      .innerJoin(games, eq(games.id, challenges.gameId))
      .leftJoin(challengeAnswers, answerOn)
      .where(where)
      .orderBy(desc(challenges.createdAt), desc(challenges.id))
      .limit(limit);
  }

  return {
    async insert(challenge: typeof challenges.$inferInsert, tx: Db) {
      const [row] = await tx.insert(challenges).values(challenge).returning();
      if (!row) throw new Error('challenge insert returned nothing');
      return row;
    },
    async byCode(code: string, tx: Db = db) {
      const [row] = await tx
        .select({ challenge: challenges, game: gameColumns })
        .from(challenges)
        .innerJoin(games, eq(games.id, challenges.gameId))
        .where(eq(challenges.code, code));
      return row;
    },
    answersOf(challengeId: number, tx: Db = db) {
      return tx
        .select()
        .from(challengeAnswers)
        .where(eq(challengeAnswers.challengeId, challengeId))
        .orderBy(challengeAnswers.startedAt, challengeAnswers.id);
    },
    /** The friend's answer, locked until the transaction ends: two reports of it queue. */
    async answerForUpdate(challengeId: number, uid: string, tx: Db) {
      const [row] = await tx
        .select()
        .from(challengeAnswers)
        .where(and(eq(challengeAnswers.challengeId, challengeId), eq(challengeAnswers.uid, uid)))
        .for('update');
      return row;
    },
    /** The friend's accepted play; false when they had already accepted (one answer per friend). */
    async insertAnswer(
      answer: { challengeId: number; uid: string; sessionId: string; startedAt: Date },
      tx: Db,
    ) {
      const rows = await tx
        .insert(challengeAnswers)
        .values(answer)
        .onConflictDoNothing({ target: [challengeAnswers.challengeId, challengeAnswers.uid] })
        .returning({ id: challengeAnswers.id });
      return rows.length > 0;
    },
    async markAnswered(id: number, pointsHundredths: number, at: Date, tx: Db) {
      const rows = await tx
        .update(challengeAnswers)
        .set({ pointsHundredths, answeredAt: at })
        .where(and(eq(challengeAnswers.id, id), isNull(challengeAnswers.answeredAt)))
        .returning({ id: challengeAnswers.id });
      return rows.length > 0;
    },
    /** The challenges the player sent, one line per answer (or one for a challenge nobody answered). */
    sentBy: (uid: string, limit: number) =>
      pairings(eq(challenges.challengerUid, uid), eq(challengeAnswers.challengeId, challenges.id), limit),
    /** The challenges sent to the player by username or answered by them from a link, with their answer. */
    receivedBy: (uid: string, limit: number) =>
      pairings(
        or(eq(challenges.recipientUid, uid), sql`${challengeAnswers.uid} is not null`),
        and(eq(challengeAnswers.challengeId, challenges.id), eq(challengeAnswers.uid, uid)),
        limit,
      ),
  };
}

export type ChallengeRepo = ReturnType<typeof createChallengeRepo>;
