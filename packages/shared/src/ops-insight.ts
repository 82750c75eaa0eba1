import { z } from 'zod';

/**
 * The console's Insight area (/api/ops/insight): activity, retention, the new players' funnel, money,
 * games and tournaments, read from the summary tables a job keeps (ADR 0067), never from the raw
 * tables when a screen opens. Days are Nairobi's (UTC+3, no daylight saving); amounts are KES.
 */
export const INSIGHT_TIME_ZONE = 'Africa/Nairobi';
/** The longest period one answer covers. */
export const INSIGHT_MAX_DAYS = 400;
/** The period a screen opens on: the last 30 days, today included. */
export const INSIGHT_DEFAULT_DAYS = 30;
/** How often the job folds the day's activity into the summary tables. */
export const INSIGHT_REFRESH_EVERY_MS = 5 * 60_000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const InsightDaySchema = z
  .string()
  .regex(DAY, 'Please choose a day.')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00+03:00`)), 'Please choose a day.');

const spanDays = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

const periodFields = {
  /** The first Nairobi day of the period (YYYY-MM-DD); with `to`, both included. */
  from: InsightDaySchema.optional(),
  to: InsightDaySchema.optional(),
};
const periodChecks = <T extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>>(
  schema: T,
) =>
  schema
    .refine((q) => !q.from || !q.to || q.from <= q.to, {
      message: 'The first day must come before the last.',
      path: ['to'],
    })
    .refine((q) => !q.from || !q.to || spanDays(q.from, q.to) <= INSIGHT_MAX_DAYS, {
      message: `Choose at most ${INSIGHT_MAX_DAYS} days.`,
      path: ['from'],
    });

/** ?from=&to=: a period of Nairobi days; without them, the last 30 days. */
export const InsightPeriodQuerySchema = periodChecks(z.object(periodFields));
export type InsightPeriodQuery = z.infer<typeof InsightPeriodQuerySchema>;

/** Retention's period (of sign-up weeks) and, for one game's, the game. */
export const InsightRetentionQuerySchema = periodChecks(
  z.object({ ...periodFields, gameId: z.coerce.number().int().positive().max(2_147_483_647).optional() }),
);
export type InsightRetentionQuery = z.infer<typeof InsightRetentionQuerySchema>;

export const insightReports = ['activity', 'retention', 'funnel', 'money', 'games'] as const;
export type InsightReport = (typeof insightReports)[number];
export const InsightCsvQuerySchema = periodChecks(
  z.object({
    ...periodFields,
    report: z.enum(insightReports, { error: 'Please choose a report.' }),
    gameId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  }),
);
export type InsightCsvQuery = z.infer<typeof InsightCsvQuerySchema>;

/** Every answer says which days it covers and when the job last folded activity in. */
const answerBase = {
  from: z.string(),
  to: z.string(),
  /** When the summary tables were last brought up to date; null before the job's first run. */
  foldedAt: z.string().nullable(),
};

export const ActivityDaySchema = z.object({
  day: z.string(),
  /** Players active that day: played a game, made a payment or sent a chat message. */
  dau: z.number(),
  /** Players active in the 7 days ending that day. */
  wau: z.number(),
  /** Players active in the 30 days ending that day. */
  mau: z.number(),
  /** Players who signed up that day. */
  newPlayers: z.number(),
});
export const InsightActivitySchema = z.object({
  ...answerBase,
  days: z.array(ActivityDaySchema),
  /** Distinct players active on any day of the period. */
  activePlayers: z.number(),
  newPlayers: z.number(),
  /** The period's mean of DAU over MAU (0 to 1): how many of a month's players come each day. */
  stickiness: z.number(),
});
export type InsightActivity = z.infer<typeof InsightActivitySchema>;

const BackSchema = z.object({
  /** Players of the cohort back that day. */
  back: z.number(),
  /** Players of the cohort for whom that day has come (and been counted). */
  of: z.number(),
});
export const RetentionCohortSchema = z.object({
  /** The cohort's Monday (Nairobi). */
  week: z.string(),
  players: z.number(),
  day1: BackSchema,
  day7: BackSchema,
  day30: BackSchema,
});
export const InsightRetentionSchema = z.object({
  ...answerBase,
  /** The game of a game's retention (cohorts by first play of it), null for sign-ups. */
  gameId: z.number().nullable(),
  cohorts: z.array(RetentionCohortSchema),
  games: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type InsightRetention = z.infer<typeof InsightRetentionSchema>;

export const funnelSteps = [
  'signedUp',
  'profileComplete',
  'firstGame',
  'firstTopUp',
  'firstSubscription',
] as const;
export type FunnelStep = (typeof funnelSteps)[number];
export const InsightFunnelSchema = z.object({
  ...answerBase,
  /** Players who signed up in the period and reached each step, every step before it included. */
  steps: z.array(z.object({ step: z.enum(funnelSteps), players: z.number() })),
});
export type InsightFunnel = z.infer<typeof InsightFunnelSchema>;

export const failureReasons = ['cancelled', 'noFunds', 'timeout', 'other', 'open'] as const;
export type FailureReason = (typeof failureReasons)[number];
export const MethodSuccessSchema = z.object({
  method: z.string(),
  attempts: z.number(),
  completed: z.number(),
  cancelled: z.number(),
  noFunds: z.number(),
  timeout: z.number(),
  other: z.number(),
  /** Not finished yet. */
  open: z.number(),
});
export const InsightMoneySchema = z.object({
  ...answerBase,
  /** Money in per day (completed top-ups, boosts and subscriptions not paid from the wallet), by method. */
  days: z.array(
    z.object({
      day: z.string(),
      total: z.number(),
      byMethod: z.record(z.string(), z.number()),
      /** Subscriptions sold that day by package id (the wallet included), KES. */
      byPackage: z.record(z.string(), z.number()),
    }),
  ),
  methods: z.array(z.string()),
  total: z.number(),
  /** Subscriptions sold in the period by package, whatever paid for them (the wallet included). */
  packages: z.array(
    z.object({ packageId: z.number(), name: z.string(), count: z.number(), amount: z.number() }),
  ),
  activePlayers: z.number(),
  payers: z.number(),
  /** Money in over active players, and over paying players. */
  arpu: z.number(),
  arppu: z.number(),
  firstTimePayers: z.number(),
  firstTimePayersPerDay: z.array(z.object({ day: z.string(), count: z.number() })),
  refunds: z.object({ count: z.number(), amount: z.number() }),
  success: z.array(MethodSuccessSchema),
});
export type InsightMoney = z.infer<typeof InsightMoneySchema>;

export const tournamentStates = ['upcoming', 'running', 'ended', 'ranked', 'cancelled'] as const;
export const InsightGamesSchema = z.object({
  ...answerBase,
  games: z.array(
    z.object({
      gameId: z.number(),
      name: z.string(),
      plays: z.number(),
      players: z.number(),
      /** Plays that ended with a score. */
      finished: z.number(),
      /** Mean seconds from start to score of the finished plays; null when none finished. */
      meanSeconds: z.number().nullable(),
    }),
  ),
  tournaments: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      game: z.string(),
      starts: z.string(),
      ends: z.string(),
      state: z.enum(tournamentStates),
      /** Players with a score on its board. */
      entries: z.number(),
      /** Its plays, and those that ended with a score. */
      plays: z.number(),
      finished: z.number(),
    }),
  ),
});
export type InsightGames = z.infer<typeof InsightGamesSchema>;

/** POST /api/ops/insight/refresh: the job asked to fold activity in now. */
export const InsightRefreshSchema = z.object({ queued: z.literal(true), foldedAt: z.string().nullable() });
