import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUser } from '../auth/service.ts';
import { tournaments } from '../tournaments/service.ts';

/** The dashboard's banners (docs/product.md, "Event banner"). Seeded by `seed_key`. */
export const eventBanners = pgTable('event_banners', {
  id: serial('id').primaryKey(),
  seedKey: text('seed_key').unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  /** The title and description in Kiswahili (ADR 0032); null: players read the English. */
  titleSw: text('title_sw'),
  descriptionSw: text('description_sw'),
  eventBannerUrl: text('event_banner_url').notNull(),
  /** The picture with its words in Kiswahili (ADR 0034); null: players see the English one. */
  eventBannerUrlSw: text('event_banner_url_sw'),
  /** The slider's order: lower first, then the newest. */
  sortOrder: integer('sort_order').notNull().default(0),
  /** Shown from and until these moments; null: no bound. */
  activeFrom: timestamp('active_from', { withTimezone: true }),
  activeTo: timestamp('active_to', { withTimezone: true }),
  /** The tournament a tap on the banner opens; null: its description. */
  tournamentId: integer('tournament_id').references(() => tournaments.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A Playon TV channel (docs/product.md, "TV item"). */
export const tvItems = pgTable('tv_items', {
  id: serial('id').primaryKey(),
  seedKey: text('seed_key').unique(),
  channelUrl: text('channel_url').notNull(),
  /** What the TV page calls the video; null shows its YouTube id. */
  title: text('title'),
  /** The title in Kiswahili; null when not written: Kiswahili readers get the English. */
  titleSw: text('title_sw'),
  /** Its picture in the list: an upload (/media/…) or YouTube's thumbnail; null draws a poster. */
  thumbnailUrl: text('thumbnail_url'),
  primary: boolean('primary').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** docs/product.md, "Support settings": name/value pairs the feedback footer shows. */
export const supportSettings = pgTable('support_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Feedback from 'Drop us a line', kept for the operator. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The operator's inbox: `new` until answered, `closed` when nothing more is to be done. */
    status: text('status', { enum: ['new', 'answered', 'closed'] })
      .notNull()
      .default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedback_created_idx').on(t.createdAt),
    index('feedback_uid_created_idx').on(t.uid, t.createdAt),
    index('feedback_status_created_idx').on(t.status, t.createdAt),
    check('feedback_status_known', sql`${t.status} in ('new', 'answered', 'closed')`),
  ],
);

/** An operator's answer to a feedback message, mailed to the player by a job (`mailed_at` once sent). */
export const feedbackAnswers = pgTable(
  'feedback_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    /** null once the operator's identity is deleted; the e-mail stays. */
    operatorUid: text('operator_uid').references(() => authUser.id, { onDelete: 'set null' }),
    operatorEmail: text('operator_email').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [index('feedback_answers_feedback_idx').on(t.feedbackId, t.createdAt)],
);
