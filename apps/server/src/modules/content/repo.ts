import { and, asc, count, desc, eq, gt, ilike, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { escapeLike } from '../operator/service.ts';
import { tournaments } from '../tournaments/service.ts';
import { eventBanners, feedback, supportSettings, tvItems } from './schema.ts';

export type EventBannerSeed = Omit<typeof eventBanners.$inferInsert, 'id' | 'createdAt'> & {
  seedKey: string;
};
export type TvItemSeed = Omit<typeof tvItems.$inferInsert, 'id' | 'createdAt'> & { seedKey: string };
export type SupportSettingSeed = Pick<typeof supportSettings.$inferInsert, 'name' | 'value'>;
export type NewFeedback = Pick<typeof feedback.$inferInsert, 'uid' | 'email' | 'subject' | 'message'>;

interface Page {
  q?: string | undefined;
  offset: number;
  limit: number;
}

export function createContentRepo(db: Db) {
  return {
    /** Whether a banner may open this tournament: it exists and was not cancelled. */
    async isOpenTournament(id: number, tx: Db = db) {
      const [row] = await tx
        .select({ id: tournaments.id })
        .from(tournaments)
        .where(and(eq(tournaments.id, id), isNull(tournaments.cancelledAt)));
      return row !== undefined;
    },
    /** The dashboard's banners at `at`: active ones, in the operators' order, then the newest. */
    listActiveEvents: (at: Date, tx: Db = db) =>
      tx
        .select()
        .from(eventBanners)
        .where(
          and(
            or(isNull(eventBanners.activeFrom), lte(eventBanners.activeFrom, at)),
            or(isNull(eventBanners.activeTo), gt(eventBanners.activeTo, at)),
          ),
        )
        .orderBy(asc(eventBanners.sortOrder), desc(eventBanners.createdAt), desc(eventBanners.id)),
    async bannersPage(query: Page, tx: Db = db) {
      const like = query.q ? `%${escapeLike(query.q)}%` : undefined;
      const where = like
        ? or(ilike(eventBanners.title, like), ilike(eventBanners.description, like))
        : undefined;
      const [items, [total]] = await Promise.all([
        tx
          .select()
          .from(eventBanners)
          .where(where)
          .orderBy(asc(eventBanners.sortOrder), desc(eventBanners.createdAt), desc(eventBanners.id))
          .limit(query.limit)
          .offset(query.offset),
        tx.select({ n: count() }).from(eventBanners).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
    async bannerForUpdate(id: number, tx: Db) {
      const [row] = await tx.select().from(eventBanners).where(eq(eventBanners.id, id)).for('update');
      return row;
    },
    async insertBanner(banner: typeof eventBanners.$inferInsert, tx: Db) {
      const [row] = await tx.insert(eventBanners).values(banner).returning();
      if (!row) throw new Error('banner insert returned nothing');
      return row;
    },
    async updateBanner(id: number, fields: Partial<typeof eventBanners.$inferInsert>, tx: Db) {
      const [row] = await tx.update(eventBanners).set(fields).where(eq(eventBanners.id, id)).returning();
      if (!row) throw new Error(`banner ${id} vanished`);
      return row;
    },
    /**
     * Idempotent by seed key: an operator's edits to a seeded banner are kept; a banner seeded before
     * it had Kiswahili gets the seed's (an operator's Kiswahili is kept too).
     */
    async insertEvents(seeds: readonly EventBannerSeed[], tx: Db = db) {
      if (seeds.length === 0) return;
      await tx
        .insert(eventBanners)
        .values([...seeds])
        .onConflictDoUpdate({
          target: eventBanners.seedKey,
          set: {
            titleSw: sql`coalesce(${eventBanners.titleSw}, excluded.title_sw)`,
            descriptionSw: sql`coalesce(${eventBanners.descriptionSw}, excluded.description_sw)`,
          },
        });
    },

    /** The primary item first, then the newest. */
    listTvItems: (tx: Db = db) =>
      tx.select().from(tvItems).orderBy(desc(tvItems.primary), desc(tvItems.createdAt), desc(tvItems.id)),
    async tvPage(query: Page, tx: Db = db) {
      const like = query.q ? `%${escapeLike(query.q)}%` : undefined;
      const where = like ? or(ilike(tvItems.title, like), ilike(tvItems.channelUrl, like)) : undefined;
      const [items, [total]] = await Promise.all([
        tx
          .select()
          .from(tvItems)
          .where(where)
          .orderBy(desc(tvItems.primary), desc(tvItems.createdAt), desc(tvItems.id))
          .limit(query.limit)
          .offset(query.offset),
        tx.select({ n: count() }).from(tvItems).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
    async tvItemForUpdate(id: number, tx: Db) {
      const [row] = await tx.select().from(tvItems).where(eq(tvItems.id, id)).for('update');
      return row;
    },
    async insertTvItem(item: typeof tvItems.$inferInsert, tx: Db) {
      const [row] = await tx.insert(tvItems).values(item).returning();
      if (!row) throw new Error('TV item insert returned nothing');
      return row;
    },
    async updateTvItem(id: number, fields: Partial<typeof tvItems.$inferInsert>, tx: Db) {
      const [row] = await tx.update(tvItems).set(fields).where(eq(tvItems.id, id)).returning();
      if (!row) throw new Error(`TV item ${id} vanished`);
      return row;
    },
    /** One primary video: choosing one makes every other not primary. */
    async clearPrimaryTv(tx: Db) {
      await tx.update(tvItems).set({ primary: false }).where(eq(tvItems.primary, true));
    },
    async deleteTvItem(id: number, tx: Db) {
      await tx.delete(tvItems).where(eq(tvItems.id, id));
    },
    /**
     * Idempotent by seed key. A seeded item gets the seed's title and picture only where it has none
     * (installations seeded before titles existed): an operator's edits are kept, a cleared one comes back.
     */
    async insertTvItems(seeds: readonly TvItemSeed[], tx: Db = db) {
      if (seeds.length === 0) return;
      await tx
        .insert(tvItems)
        .values([...seeds])
        .onConflictDoUpdate({
          target: tvItems.seedKey,
          set: {
            title: sql`coalesce(${tvItems.title}, excluded.title)`,
            titleSw: sql`coalesce(${tvItems.titleSw}, excluded.title_sw)`,
            thumbnailUrl: sql`coalesce(${tvItems.thumbnailUrl}, excluded.thumbnail_url)`,
          },
        });
    },

    listSupportSettings: (tx: Db = db) => tx.select().from(supportSettings),
    async supportSettingForUpdate(name: string, tx: Db) {
      const [row] = await tx
        .select()
        .from(supportSettings)
        .where(eq(supportSettings.name, name))
        .for('update');
      return row;
    },
    async saveSupportSetting(name: string, value: string, at: Date, tx: Db) {
      await tx
        .insert(supportSettings)
        .values({ name, value, updatedAt: at })
        .onConflictDoUpdate({ target: supportSettings.name, set: { value, updatedAt: at } });
    },
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
