import { desc } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { eventBanners } from './schema.ts';

export type EventBannerSeed = Omit<typeof eventBanners.$inferInsert, 'id' | 'createdAt'> & {
  seedKey: string;
};

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
  };
}
