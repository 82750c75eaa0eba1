import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { eventBanners, feedback, supportSettings, tvItems } from './schema.ts';

export type EventBannerSeed = Omit<typeof eventBanners.$inferInsert, 'id' | 'createdAt'> & {
  seedKey: string;
};
export type TvItemSeed = Omit<typeof tvItems.$inferInsert, 'id' | 'createdAt'> & { seedKey: string };
export type SupportSettingSeed = Pick<typeof supportSettings.$inferInsert, 'name' | 'value'>;
export type NewFeedback = Pick<typeof feedback.$inferInsert, 'uid' | 'email' | 'subject' | 'message'>;

export function createContentRepo(db: Db) {
  return {
    listEvents: (tx: Db = db) =>
      tx.select().from(eventBanners).orderBy(desc(eventBanners.createdAt), desc(eventBanners.id)),
    /** Idempotent by seed key: an operator's edits to a seeded banner are kept. */
    async insertEvents(seeds: readonly EventBannerSeed[], tx: Db = db) {
      if (seeds.length === 0) return;
      await tx
        .insert(eventBanners)
        .values([...seeds])
        .onConflictDoNothing({ target: eventBanners.seedKey });
    },

    /** The primary item first, then the newest. */
    listTvItems: (tx: Db = db) =>
      tx.select().from(tvItems).orderBy(desc(tvItems.primary), desc(tvItems.createdAt), desc(tvItems.id)),
    async insertTvItems(seeds: readonly TvItemSeed[], tx: Db = db) {
      if (seeds.length === 0) return;
      await tx
        .insert(tvItems)
        .values([...seeds])
        .onConflictDoNothing({ target: tvItems.seedKey });
    },

    listSupportSettings: (tx: Db = db) => tx.select().from(supportSettings),
    /** A setting the operator already has keeps the operator's value. */
    async insertSupportSettings(seeds: readonly SupportSettingSeed[], tx: Db = db) {
      if (seeds.length === 0) return;
      await tx
        .insert(supportSettings)
        .values([...seeds])
        .onConflictDoNothing({ target: supportSettings.name });
    },

    /** Serialises one player's feedback until the transaction ends, so the daily cap holds under races. */
    async lockPlayerFeedback(uid: string, tx: Db) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`feedback:${uid}`}, 0))`);
    },
    /** By the database's clock, which also stamps each row. */
    async countFeedbackOfLastDay(uid: string, tx: Db = db) {
      const [row] = await tx
        .select({ sent: count() })
        .from(feedback)
        .where(and(eq(feedback.uid, uid), gt(feedback.createdAt, sql`now() - interval '24 hours'`)));
      return row?.sent ?? 0;
    },
    async insertFeedback(entry: NewFeedback, tx: Db = db) {
      const [row] = await tx.insert(feedback).values(entry).returning({ id: feedback.id });
      if (!row) throw new Error('feedback insert returned no row');
      return row.id;
    },
  };
}
