import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUser } from '../auth/service.ts';

/**
 * A notification (docs/product.md, "Notification"). `dedupe_key` (unique when set) makes a
 * notification written by a retried job or a replayed event land once, e.g. `tournament-ended:<id>:<uid>`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /**
     * An operator's broadcast in Kiswahili, as they wrote it (ADR 0063); null for every other kind,
     * which the server writes in English and says in the reader's language when read (ADR 0032).
     */
    titleSw: text('title_sw'),
    bodySw: text('body_sw'),
    url: text('url'),
    dedupeKey: text('dedupe_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Insertion order: two notices written in the same clock tick still list newest first. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [index('notifications_uid_created_idx').on(t.uid, t.createdAt)],
);

/**
 * A notification an operator sent to many players at once: to all players, a
 * tournament's or a game's. Its notifications are written by a job, as one group
 * (`broadcast:<id>:`), so a second run writes nothing more.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: serial('id').primaryKey(),
    audience: text('audience', { enum: ['all', 'tournament', 'game', 'saved'] }).notNull(),
    /** The tournament's, the game's or the saved audience's id; null for all players. */
    targetId: integer('target_id'),
    /**
     * A saved audience's rule as it was when sent (ADR 0068): the job reads its players by it, so an
     * edit or a deletion after the confirmation changes nothing.
     */
    definition: jsonb('definition').$type<{ kind: string; days: number | null; targetId: number | null }>(),
    /** Its name when sent, as the operator read it. */
    targetName: text('target_name'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** In Kiswahili (ADR 0063): optional; players reading Kiswahili read the English without it. */
    titleSw: text('title_sw'),
    bodySw: text('body_sw'),
    url: text('url'),
    /** The count the operator confirmed. */
    recipientsCounted: integer('recipients_counted').notNull(),
    /** How many notifications the job wrote; null until it has. */
    recipientsWritten: integer('recipients_written'),
    byUid: text('by_uid'),
    byEmail: text('by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('broadcasts_created_idx').on(t.createdAt),
    check('broadcasts_audience_known', sql`${t.audience} in ('all', 'tournament', 'game', 'saved')`),
    check('broadcasts_definition', sql`(${t.audience} = 'saved') = (${t.definition} is not null)`),
    check('broadcasts_target', sql`(${t.audience} = 'all') = (${t.targetId} is null)`),
  ],
);
