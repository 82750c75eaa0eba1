import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUser } from '../auth/service.ts';
import { games, playSessions } from '../games/service.ts';

/**
 * A challenge (docs/product.md, "Challenges"; ADR 0066): a finished run of a replayed game, sent to
 * one player (`recipient_uid`) or as a link anyone signed in may answer once. `code` is the link's
 * random code; the run's play session id never leaves the server.
 */
export const challenges = pgTable(
  'challenges',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    challengerUid: text('challenger_uid')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    /** The challenger's run: its seed is what every answer plays, its points what they must beat. */
    runSessionId: uuid('run_session_id')
      .notNull()
      .references(() => playSessions.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    seed: bigint('seed', { mode: 'number' }).notNull(),
    challengerPointsHundredths: integer('challenger_points_hundredths').notNull(),
    /** The friend it was sent to by username; null: a link. */
    recipientUid: text('recipient_uid').references(() => authUser.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('challenges_challenger_created_idx').on(t.challengerUid, t.createdAt),
    index('challenges_recipient_created_idx').on(t.recipientUid, t.createdAt),
    check('challenges_period', sql`${t.expiresAt} > ${t.createdAt}`),
    check(
      'challenges_not_to_self',
      sql`${t.recipientUid} is null or ${t.recipientUid} <> ${t.challengerUid}`,
    ),
  ],
);

/**
 * One friend's answer: written when they accept (their play session, the challenge's seed), its
 * points when that play's report passes the replay judge. One per friend per challenge.
 */
export const challengeAnswers = pgTable(
  'challenge_answers',
  {
    id: serial('id').primaryKey(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => playSessions.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    pointsHundredths: integer('points_hundredths'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    unique('challenge_answers_one_per_friend').on(t.challengeId, t.uid),
    index('challenge_answers_uid_started_idx').on(t.uid, t.startedAt),
    check(
      'challenge_answers_points_answered',
      sql`(${t.answeredAt} is null) = (${t.pointsHundredths} is null)`,
    ),
  ],
);
