import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { authUser } from '../auth/service.ts';

// The Insight area's summary tables (ADR 0067): written only by the refresh job, read by the console.
// A player's rows go with their account (ON DELETE CASCADE), as their raw activity does.

/** The job's own state: how far activity has been folded in, and its last run. */
export const insightState = pgTable('insight_state', {
  id: text('id').primaryKey(),
  /** Activity up to this instant is in the tables (the start of the last run). */
  foldedTo: timestamp('folded_to', { withTimezone: true }).notNull(),
  /** The Nairobi day of the last deep run, which refolds the last 35 days. */
  deepDay: date('deep_day', { mode: 'string' }).notNull(),
  tookMs: integer('took_ms').notNull(),
});

/** One row per player (role `player`): sign-up, the funnel's steps and whether they came back. */
export const insightPlayers = pgTable(
  'insight_players',
  {
    uid: text('uid')
      .primaryKey()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    signupDay: date('signup_day', { mode: 'string' }).notNull(),
    profileComplete: boolean('profile_complete').notNull().default(false),
    firstPlayDay: date('first_play_day', { mode: 'string' }),
    firstTopUpDay: date('first_top_up_day', { mode: 'string' }),
    firstSubscriptionDay: date('first_subscription_day', { mode: 'string' }),
    /** The first day money came in from them (not from their wallet). */
    firstPaidDay: date('first_paid_day', { mode: 'string' }),
    backDay1: boolean('back_day1').notNull().default(false),
    backDay7: boolean('back_day7').notNull().default(false),
    backDay30: boolean('back_day30').notNull().default(false),
  },
  (t) => [
    index('insight_players_signup_idx').on(t.signupDay),
    index('insight_players_first_paid_idx').on(t.firstPaidDay),
  ],
);

/** A player's activity on one Nairobi day: what makes them active (DAU) that day. */
export const insightPlayerDays = pgTable(
  'insight_player_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    uid: text('uid')
      .notNull()
      .references(() => insightPlayers.uid, { onDelete: 'cascade' }),
    plays: integer('plays').notNull(),
    /** Completed payments they made (top-ups, boosts, subscriptions, whatever paid). */
    payments: integer('payments').notNull(),
    topUps: integer('top_ups').notNull(),
    subscriptions: integer('subscriptions').notNull(),
    messages: integer('messages').notNull(),
    /** Money in from them: completed payments not paid from the wallet. */
    paidCents: bigint('paid_cents', { mode: 'bigint' }).notNull(),
    /**
     * The player's active day before this one, and the one before it that money came in: a period's
     * distinct players are its rows whose previous day is before the period (no count of distinct).
     */
    prevDay: date('prev_day', { mode: 'string' }),
    prevPaidDay: date('prev_paid_day', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.day, t.uid] }), index('insight_player_days_uid_idx').on(t.uid, t.day)],
);

/** A player's plays of one game on one day, and how long the finished ones lasted. */
export const insightGameDays = pgTable(
  'insight_game_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    gameId: integer('game_id').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => insightPlayers.uid, { onDelete: 'cascade' }),
    plays: integer('plays').notNull(),
    finished: integer('finished').notNull(),
    /** Finished plays that were timed: all but those played offline, whose start is their issue. */
    timed: integer('timed').notNull(),
    /** Seconds from start to score, summed over the timed plays. */
    seconds: bigint('seconds', { mode: 'number' }).notNull(),
    /** The player's day on this game before this one (see insight_player_days). */
    prevDay: date('prev_day', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.gameId, t.uid] }),
    index('insight_game_days_uid_idx').on(t.uid, t.gameId, t.day),
  ],
);

/** A player's first day on a game and whether they played it again 1, 7 and 30 days later. */
export const insightPlayerGames = pgTable(
  'insight_player_games',
  {
    uid: text('uid')
      .notNull()
      .references(() => insightPlayers.uid, { onDelete: 'cascade' }),
    gameId: integer('game_id').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    backDay1: boolean('back_day1').notNull().default(false),
    backDay7: boolean('back_day7').notNull().default(false),
    backDay30: boolean('back_day30').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.uid, t.gameId] }),
    index('insight_player_games_first_idx').on(t.firstDay, t.gameId),
  ],
);

/** Every day's DAU, WAU, MAU and sign-ups. */
export const insightDaily = pgTable('insight_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  dau: integer('dau').notNull(),
  wau: integer('wau').notNull(),
  mau: integer('mau').notNull(),
  newPlayers: integer('new_players').notNull(),
});

/**
 * Payment intents started each day, by type, method, package (0 for none) and outcome: completed,
 * cancelled, noFunds, timeout, other, open.
 */
export const insightPaymentDays = pgTable(
  'insight_payment_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type').notNull(),
    method: text('method').notNull(),
    packageId: integer('package_id').notNull(),
    outcome: text('outcome').notNull(),
    payments: integer('payments').notNull(),
    cents: bigint('cents', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.type, t.method, t.packageId, t.outcome] })],
);

/** Each tournament's plays and entries. */
export const insightTournaments = pgTable(
  'insight_tournaments',
  {
    tournamentId: integer('tournament_id').primaryKey(),
    name: text('name').notNull(),
    gameId: integer('game_id').notNull(),
    starts: timestamp('starts', { withTimezone: true }).notNull(),
    ends: timestamp('ends', { withTimezone: true }).notNull(),
    state: text('state').notNull(),
    entries: integer('entries').notNull(),
    plays: integer('plays').notNull(),
    finished: integer('finished').notNull(),
  },
  (t) => [index('insight_tournaments_period_idx').on(t.ends, t.starts)],
);
