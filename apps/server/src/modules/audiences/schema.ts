import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * An operator's saved audience (ADR 0068): a name and a rule about players, never the players
 * themselves; who is in it is read when it is counted and when a broadcast goes to it.
 */
export const savedAudiences = pgTable(
  'saved_audiences',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', {
      enum: ['lapsed', 'subscription-ends-today', 'never-paid', 'game', 'tournament'],
    }).notNull(),
    /** Days without play, for `lapsed`. */
    days: integer('days'),
    /** The game's or the tournament's id. */
    targetId: integer('target_id'),
    byUid: text('by_uid'),
    byEmail: text('by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_audiences_name_idx').on(sql`lower(${t.name})`),
    check(
      'saved_audiences_kind_known',
      sql`${t.kind} in ('lapsed', 'subscription-ends-today', 'never-paid', 'game', 'tournament')`,
    ),
    check('saved_audiences_days', sql`(${t.kind} = 'lapsed') = (${t.days} is not null)`),
    check('saved_audiences_target', sql`(${t.kind} in ('game', 'tournament')) = (${t.targetId} is not null)`),
  ],
);
