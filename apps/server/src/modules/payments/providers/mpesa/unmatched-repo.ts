import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../../platform/db.ts';
import { escapeLike } from '../../../operator/service.ts';
import { unmatchedMpesaCallbacks } from '../../schema.ts';

/**
 * M-Pesa callbacks we could not apply at once: STK callbacks no intent knows (yet), and payout
 * results that do not match their payout (ADR 0018), kept with their bodies for an operator.
 */
export function createUnmatchedRepo(db: Db) {
  return {
    /** Keeps an STK callback no intent knows; the same callback again changes nothing. */
    async keepUnmatched(
      values: typeof unmatchedMpesaCallbacks.$inferInsert & {
        checkoutRequestId: string;
        merchantRequestId: string;
      },
    ) {
      await db.insert(unmatchedMpesaCallbacks).values(values).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(unmatchedMpesaCallbacks)
        .where(eq(unmatchedMpesaCallbacks.checkoutRequestId, values.checkoutRequestId));
      if (!row) throw new Error('unmatched callback missing after insert');
      return row;
    },
    /** Parks a B2C or Transaction Status result that does not match its payout, for an operator. */
    async parkResult(values: typeof unmatchedMpesaCallbacks.$inferInsert) {
      const [row] = await db
        .insert(unmatchedMpesaCallbacks)
        .values({ ...values, status: 'OPERATOR', resolvedAt: new Date() })
        .returning();
      return row;
    },
    /** The M-Pesa callbacks and results a person must decide about, newest first. */
    listForOperator(limit: number) {
      return db
        .select()
        .from(unmatchedMpesaCallbacks)
        .where(eq(unmatchedMpesaCallbacks.status, 'OPERATOR'))
        .orderBy(desc(unmatchedMpesaCallbacks.createdAt))
        .limit(limit);
    },
    /** For the console: a page of the callbacks of one status, newest first; `q` finds ids, phone, receipt. */
    async page(query: { status: string; q?: string | undefined; page: number; pageSize: number }) {
      const filters: SQL[] = [eq(unmatchedMpesaCallbacks.status, query.status)];
      if (query.q) {
        const like = `%${escapeLike(query.q)}%`;
        const match = or(
          ilike(unmatchedMpesaCallbacks.checkoutRequestId, like),
          ilike(unmatchedMpesaCallbacks.originatorConversationId, like),
          ilike(unmatchedMpesaCallbacks.phone, like),
          ilike(unmatchedMpesaCallbacks.receipt, like),
          ilike(unmatchedMpesaCallbacks.reason, like),
          ilike(sql`${unmatchedMpesaCallbacks.intentId}::text`, like),
        );
        if (match) filters.push(match);
      }
      const where = and(...filters);
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(unmatchedMpesaCallbacks)
          .where(where)
          .orderBy(desc(unmatchedMpesaCallbacks.createdAt), desc(unmatchedMpesaCallbacks.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(unmatchedMpesaCallbacks).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
    /** A kept callback under its row lock until the transaction ends: one operator decides at a time. */
    async lockById(id: number, tx: Db) {
      const [row] = await tx
        .select()
        .from(unmatchedMpesaCallbacks)
        .where(eq(unmatchedMpesaCallbacks.id, id))
        .for('update');
      return row;
    },
    /** An operator applied a kept callback to the payment they made of it. */
    async markMatched(id: number, intentId: string, tx: Db) {
      await tx
        .update(unmatchedMpesaCallbacks)
        .set({ status: 'MATCHED', intentId, resolvedAt: new Date() })
        .where(eq(unmatchedMpesaCallbacks.id, id));
    },
    async resolveUnmatched(checkoutRequestId: string, status: 'MATCHED' | 'OPERATOR', intentId?: string) {
      await db
        .update(unmatchedMpesaCallbacks)
        .set({ status, intentId: intentId ?? null, resolvedAt: new Date() })
        .where(eq(unmatchedMpesaCallbacks.checkoutRequestId, checkoutRequestId));
    },
  };
}

export type UnmatchedRepo = ReturnType<typeof createUnmatchedRepo>;
