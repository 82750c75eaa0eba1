import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUser } from '../auth/service.ts';

/** The catalogue (docs/product.md, "Game"). Seeded at every start by `slug`. */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    /** Stable key of a seeded game: its folder under games/; null for an outside game added by URL. */
    slug: text('slug').unique(),
    name: text('name').notNull(),
    packageId: text('package_id').notNull().unique(),
    description: text('description').notNull(),
    /** In Kiswahili; null: players read the English. Written from game.json like the rest. */
    descriptionSw: text('description_sw'),
    /** A YouTube link, or a video this server serves (a bundled game's trailer.mp4). */
    trailerLink: text('trailer_link'),
    /** The picture shown before a served trailer plays. */
    trailerPoster: text('trailer_poster'),
    gameUrl: text('game_url').notNull(),
    gameIcon: text('game_icon').notNull(),
    featured: boolean('featured').notNull().default(false),
    access: text('access', { enum: ['FREE', 'SUBSCRIPTION'] })
      .notNull()
      .default('FREE'),
    /** The highest score one play can reach; a report above it is refused. */
    maxPoints: integer('max_points').notNull(),
    /** The fastest a player can score; a report above elapsed seconds times this is refused. */
    maxPointsPerSecond: integer('max_points_per_second').notNull(),
    /**
     * How a score is judged (ADR 0015): 'replay' when the server replays the recorded play with the
     * game's simulation.js, 'plausible' when only the limits above apply.
     */
    scoring: text('scoring', { enum: ['replay', 'plausible'] })
      .notNull()
      .default('plausible'),
    /** A disabled game is not listed and cannot be started; its history stays. */
    enabled: boolean('enabled').notNull().default(true),
    /** The catalogue's order: lower first, then by name. */
    sortOrder: integer('sort_order').notNull().default(0),
    /** 'bundled': served from games/<slug>/; 'url': an outside HTML5 game played from its own address. */
    source: text('source', { enum: ['bundled', 'url'] })
      .notNull()
      .default('bundled'),
    /**
     * When an operator last changed it: from then on the seed leaves the operator's fields (enabled,
     * featured, order, access, limits) as they are and updates only what the game's files own.
     */
    operatorEditedAt: timestamp('operator_edited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('games_source_known', sql`${t.source} in ('bundled', 'url')`),
    // An outside game's plays cannot be replayed here: it has no simulation.js of ours (ADR 0025).
    check('games_url_not_replayed', sql`${t.source} = 'bundled' or ${t.scoring} = 'plausible'`),
    check('games_bundled_has_slug', sql`${t.source} = 'url' or ${t.slug} is not null`),
    check('games_access_known', sql`${t.access} in ('FREE', 'SUBSCRIPTION')`),
    check('games_limits_positive', sql`${t.maxPoints} > 0 and ${t.maxPointsPerSecond} > 0`),
    check('games_scoring_known', sql`${t.scoring} in ('replay', 'plausible')`),
  ],
);

/**
 * One row per 'Play now' (docs/api.md, "Play sessions"). The token handed to the game is this id signed
 * with the server's secret; a score report claims the row once (`reported_at`).
 */
export const playSessions = pgTable(
  'play_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    /** No foreign key: the tournaments module owns that table and depends on this one. */
    tournamentId: integer('tournament_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * Issued ahead for a run played offline (ADR 0065): kept on the device, started when the player
     * plays. `started_at` is then its issue, the server's own clock, never the device's.
     */
    offline: boolean('offline').notNull().default(false),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    /** Hundredths of a point, as reported. */
    pointsHundredths: integer('points_hundredths'),
    /**
     * The seed of the run when it is not the session's own: set only on a challenge's answer, which
     * plays the challenger's seed (ADR 0066). Such a session's score goes to its challenge only.
     */
    seed: bigint('seed', { mode: 'number' }),
  },
  (t) => [
    index('play_sessions_uid_started_idx').on(t.uid, t.startedAt),
    // A tournament's start is announced to the players of its game in the last 30 days.
    index('play_sessions_game_started_idx').on(t.gameId, t.startedAt),
    // Insight's job folds one day of plays at a time (ADR 0067).
    index('play_sessions_started_idx').on(t.startedAt),
    check('play_sessions_period', sql`${t.expiresAt} > ${t.startedAt}`),
    check('play_sessions_points_reported', sql`(${t.reportedAt} is null) = (${t.pointsHundredths} is null)`),
    check('play_sessions_seed_range', sql`${t.seed} is null or ${t.seed} between 0 and 4294967295`),
  ],
);
