import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../../platform/db.ts';
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
    async resolveUnmatched(checkoutRequestId: string, status: 'MATCHED' | 'OPERATOR', intentId?: string) {
      await db
        .update(unmatchedMpesaCallbacks)
        .set({ status, intentId: intentId ?? null, resolvedAt: new Date() })
        .where(eq(unmatchedMpesaCallbacks.checkoutRequestId, checkoutRequestId));
    },
  };
}

export type UnmatchedRepo = ReturnType<typeof createUnmatchedRepo>;
