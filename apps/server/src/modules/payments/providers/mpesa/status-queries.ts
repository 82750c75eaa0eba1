import { and, desc, eq, gte, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../../../platform/db.ts';
import { mpesaStatusQueries } from '../../schema.ts';

/** What a Transaction Status result said about the payout it was asked about. */
export type StatusAnswer = 'completed' | 'failed' | 'pending' | 'not-found' | 'query-failed';

/**
 * The Transaction Status queries we sent, by the query's own ConversationID (ADR 0074): a result
 * naming one is Safaricom's answer to our question, and what it said decides whether a payout whose
 * B2C answer was lost may be sent again.
 */
export function createStatusQueries(db: Db) {
  return {
    /** A query Daraja took about the payout `intentId`, under the ConversationID it answered. */
    async asked(conversationId: string, intentId: string) {
      await db
        .insert(mpesaStatusQueries)
        .values({ conversationId, intentId, askedAt: new Date() })
        .onConflictDoNothing();
    },

    /** Records the answer of the query `conversationId`; its row, or undefined when we never asked it. */
    async answered(conversationId: string, answer: StatusAnswer) {
      const [row] = await db
        .update(mpesaStatusQueries)
        .set({ answer, answeredAt: new Date() })
        .where(and(eq(mpesaStatusQueries.conversationId, conversationId), isNull(mpesaStatusQueries.answer)))
        .returning();
      return row;
    },

    /**
     * Whether the last answer about the payout, to a query asked after `since` (its B2C request
     * left), was that Daraja has no such payment. A query still unanswered says nothing yet.
     */
    async saidNotFoundSince(intentId: string, since: Date): Promise<boolean> {
      const [latest] = await db
        .select({ answer: mpesaStatusQueries.answer })
        .from(mpesaStatusQueries)
        .where(
          and(
            eq(mpesaStatusQueries.intentId, intentId),
            gte(mpesaStatusQueries.askedAt, since),
            isNotNull(mpesaStatusQueries.answer),
          ),
        )
        .orderBy(desc(mpesaStatusQueries.answeredAt))
        .limit(1);
      return latest?.answer === 'not-found';
    },
  };
}

export type StatusQueries = ReturnType<typeof createStatusQueries>;
