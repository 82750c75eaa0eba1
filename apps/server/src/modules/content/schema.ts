import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The dashboard's banners (spec section 3, "Event banner"). Seeded by `seed_key`. */
export const eventBanners = pgTable('event_banners', {
  id: serial('id').primaryKey(),
  seedKey: text('seed_key').unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  eventBannerUrl: text('event_banner_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
