import { and, asc, gt, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { userSubscriptions } from '../schema.ts';

const PAGE = 1000;

/** What the console reads of subscriptions for a saved audience (ADR 0068). */
export function createSubscriptionReads(db: Db) {
  return {
    /**
     * Players whose last subscription ends in [from, to): one that ends then and none that runs past
     * it (a package bought for tomorrow keeps them out). In uid order, in keyset pages of a thousand;
     * the day's ends are found by user_subscriptions_expires_idx.
     */
    async *endingBetween(from: Date, to: Date, tx: Db = db) {
      let after: string | undefined;
      for (;;) {
        const page = await tx
          .selectDistinct({ uid: userSubscriptions.uid })
          .from(userSubscriptions)
          .where(
            and(
              gte(userSubscriptions.expiresAt, from),
              lt(userSubscriptions.expiresAt, to),
              after === undefined ? undefined : gt(userSubscriptions.uid, after),
              sql`not exists (select 1 from user_subscriptions later where later.uid = ${userSubscriptions.uid} and later.expires_at >= ${to.toISOString()}::timestamptz)`,
            ),
          )
          .orderBy(asc(userSubscriptions.uid))
          .limit(PAGE);
        for (const row of page) yield row.uid;
        if (page.length < PAGE) return;
        after = page.at(-1)?.uid;
      }
    },
  };
}

export type SubscriptionReads = ReturnType<typeof createSubscriptionReads>;
