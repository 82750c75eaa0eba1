import type { FeedbackQuery, FeedbackStatus } from '@playon/shared/ops-community';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { escapeLike } from '../operator/service.ts';
import { feedback, feedbackAnswers } from './schema.ts';

export type FeedbackRow = typeof feedback.$inferSelect;
export type FeedbackAnswerRow = typeof feedbackAnswers.$inferSelect;

// The outer row's id named in full: drizzle writes a lone table's columns unqualified.
const answerCount = sql<number>`(select count(*)::int from ${feedbackAnswers} where ${feedbackAnswers.feedbackId} = ${sql.raw('"feedback"."id"')})`;

/** The operators' side of feedback: the inbox, the answers and the status. */
export function createFeedbackRepo(db: Db) {
  return {
    /** Newest first; `q` searches the subject, the message, the e-mail and the player's uid. */
    async page(query: FeedbackQuery) {
      const filters: SQL[] = [];
      if (query.status) filters.push(eq(feedback.status, query.status));
      if (query.q) {
        const like = `%${escapeLike(query.q)}%`;
        const match = or(
          ilike(feedback.subject, like),
          ilike(feedback.message, like),
          ilike(feedback.email, like),
          eq(feedback.uid, query.q),
        );
        if (match) filters.push(match);
      }
      const where = filters.length > 0 ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ row: feedback, answers: answerCount })
          .from(feedback)
          .where(where)
          .orderBy(desc(feedback.createdAt), desc(feedback.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(feedback).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async byId(id: string, tx: Db = db) {
      const [row] = await tx.select().from(feedback).where(eq(feedback.id, id));
      return row;
    },
    /** The row, locked until the transaction ends: two operators acting on it at once take turns. */
    async lock(id: string, tx: Db) {
      const [row] = await tx.select().from(feedback).where(eq(feedback.id, id)).for('update');
      return row;
    },
    async setStatus(id: string, status: FeedbackStatus, tx: Db) {
      await tx.update(feedback).set({ status }).where(eq(feedback.id, id));
    },

    answersOf: (feedbackId: string, tx: Db = db) =>
      tx
        .select()
        .from(feedbackAnswers)
        .where(eq(feedbackAnswers.feedbackId, feedbackId))
        .orderBy(asc(feedbackAnswers.createdAt), asc(feedbackAnswers.id)),
    async insertAnswer(answer: typeof feedbackAnswers.$inferInsert, tx: Db) {
      const [row] = await tx.insert(feedbackAnswers).values(answer).returning();
      if (!row) throw new Error('feedback answer insert returned no row');
      return row;
    },
    /** The answer with the message it answers, for the mail. */
    async answerWithFeedback(answerId: string, tx: Db = db) {
      const [row] = await tx
        .select({ answer: feedbackAnswers, feedback })
        .from(feedbackAnswers)
        .innerJoin(feedback, eq(feedback.id, feedbackAnswers.feedbackId))
        .where(eq(feedbackAnswers.id, answerId));
      return row;
    },
    async markMailed(answerId: string, tx: Db = db) {
      await tx.update(feedbackAnswers).set({ mailedAt: sql`now()` }).where(eq(feedbackAnswers.id, answerId));
    },

    async countWithStatus(status: FeedbackStatus) {
      const [row] = await db.select({ n: count() }).from(feedback).where(eq(feedback.status, status));
      return row?.n ?? 0;
    },
  };
}

export type FeedbackRepo = ReturnType<typeof createFeedbackRepo>;
