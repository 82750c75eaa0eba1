import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUser } from '../auth/service.ts';
import { games } from '../games/service.ts';
import { subscriptionPackages } from '../subscriptions/service.ts';

/** docs/product.md, "Tournament". `ranked_at` is set by the job that ranks it once it has ended. */
export const tournaments = pgTable(
  'tournaments',
  {
    id: serial('id').primaryKey(),
    /** Stable key of a seeded tournament; null for one an operator created. */
    seedKey: text('seed_key').unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** In Kiswahili, as the operator wrote them; null when not written: Kiswahili readers get the English. */
    nameSw: text('name_sw'),
    descriptionSw: text('description_sw'),
    starts: timestamp('starts', { withTimezone: true }).notNull(),
    ends: timestamp('ends', { withTimezone: true }).notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    rankedAt: timestamp('ranked_at', { withTimezone: true }),
    /** Set once the players of its game were told it started (notifications). */
    startAnnouncedAt: timestamp('start_announced_at', { withTimezone: true }),
    /** Cancelled by an operator: off the players' list, never ranked; its scores are kept. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * Its scores counted (the leaderboard's total) and its scores ever removed (a deleted player's),
     * kept by triggers on tournament_scores in the writing transaction (ADR 0029).
     */
    entries: integer('entries').notNull().default(0),
    entriesRemoved: integer('entries_removed').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tournaments_period', sql`${t.ends} > ${t.starts}`),
    index('tournaments_unranked_ends_idx').on(t.ends).where(sql`${t.rankedAt} is null`),
    check('tournaments_cancelled_unranked', sql`${t.cancelledAt} is null or ${t.rankedAt} is null`),
  ],
);

/**
 * A player's best score in a tournament: one row per player, raised only by a better report.
 * Ties go to whoever reached the score first (`achieved_at`), then by uid, so ranks are stable.
 */
export const tournamentScores = pgTable(
  'tournament_scores',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    /** Hundredths of a point. */
    pointsHundredths: integer('points_hundredths').notNull(),
    achievedAt: timestamp('achieved_at', { withTimezone: true }).notNull().defaultNow(),
    /** The play session that set this best. */
    sessionId: uuid('session_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.uid] }),
    index('tournament_scores_rank_idx').on(t.tournamentId, t.pointsHundredths.desc(), t.achievedAt, t.uid),
    check('tournament_scores_points_non_negative', sql`${t.pointsHundredths} >= 0`),
  ],
);

/** The prizes of a tournament (docs/product.md, "Award"): a package per podium place. */
export const tournamentAwards = pgTable(
  'tournament_awards',
  {
    id: serial('id').primaryKey(),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name', { enum: ['Gold', 'Silver', 'Bronze'] }).notNull(),
    subscriptionPackageId: integer('subscription_package_id')
      .notNull()
      .references(() => subscriptionPackages.id),
    /** Set when the tournament is ranked; the grant id keys the subscription it activated. */
    winnerUid: text('winner_uid').references(() => authUser.id, { onDelete: 'set null' }),
    grantId: uuid('grant_id').unique(),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
  },
  (t) => [
    unique('tournament_awards_position_unique').on(t.tournamentId, t.position),
    check('tournament_awards_position_podium', sql`${t.position} between 1 and 3`),
  ],
);

/** docs/product.md, "Hall of fame entry": one entry per ranked tournament with winners. */
export const hallOfFame = pgTable('hall_of_fame', {
  id: serial('id').primaryKey(),
  tournamentId: integer('tournament_id')
    .unique()
    .references(() => tournaments.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  description: text('description').notNull(),
  /** User ids, first place first. */
  members: text('members').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
