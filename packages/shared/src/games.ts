import { z } from 'zod';

export const gameAccesses = ['FREE', 'SUBSCRIPTION'] as const;
export type GameAccess = (typeof gameAccesses)[number];

/**
 * GET /api/games/list and /api/games/get/{id} (docs/product.md, "Game"), plus what the catalogue
 * needs beyond the product's record: `featured` and `access` (free, or only with an active subscription).
 */
export const GameSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The game's package id, e.g. `com.playon.snake`. */
  packageId: z.string(),
  description: z.string(),
  /**
   * The trailer: a YouTube link (watch, youtu.be, embed or shorts), a video PlayOn serves (e.g.
   * `/play/snake/trailer.mp4`, played muted and inline), or null when the game has none.
   */
  trailerLink: z.string().nullable(),
  /** The picture a served trailer shows before it plays, e.g. `/play/snake/trailer.webp`; null: none. */
  trailerPoster: z.string().nullable(),
  /** Where the game is served, e.g. `/play/snake/`. */
  gameUrl: z.string(),
  gameIcon: z.string(),
  featured: z.boolean(),
  access: z.enum(gameAccesses),
});
export type Game = z.infer<typeof GameSchema>;

/** GET /api/games/list?featured=true&access=FREE: both filters optional. */
export const GameListQuerySchema = z.object({
  featured: z.enum(['true', 'false']).optional(),
  access: z.enum(gameAccesses).optional(),
});

/** One row of GET /api/profile/recent-games: a game the player played, newest play first. */
export const RecentGameSchema = GameSchema.extend({ lastPlayedAt: z.string() });
export type RecentGame = z.infer<typeof RecentGameSchema>;

/** POST /api/games/{id}/play: starts a play session (docs/api.md, "Play sessions"). */
export const StartPlayRequestSchema = z.object({
  /** The tournament this play counts for; it must be ongoing and on this game. */
  tournamentId: z.number().int().positive().optional(),
});
export type StartPlayRequest = z.input<typeof StartPlayRequestSchema>;

/** The answer of POST /api/games/{id}/play. */
export const PlaySessionSchema = z.object({
  /** The signed play-session token the game must send with its score. */
  session: z.string(),
  expiresAt: z.string(),
  /** gameUrl with `username` (the player's id), `tournamentId` when given, and `session`. */
  launchUrl: z.string(),
});
export type PlaySession = z.infer<typeof PlaySessionSchema>;

/**
 * POST /api/games/{id}/offline-sessions (ADR 0065): the play sessions a device keeps for runs played
 * offline, for a free play or for one tournament (same body as 'Play now'). Asking again tops the
 * player's unspent ones up to OFFLINE_SESSIONS, never more.
 */
export const OfflineSessionsRequestSchema = StartPlayRequestSchema;
export const OfflineSessionsSchema = z.object({ sessions: z.array(PlaySessionSchema) });
export type OfflineSessions = z.infer<typeof OfflineSessionsSchema>;
/** How many unspent offline sessions a player holds for one game (and tournament, or none). */
export const OFFLINE_SESSIONS = 3;

/**
 * A score as a game reports it: at most two decimals, never negative. The server checks it
 * against the game's limits too.
 */
export const PointsSchema = z
  .number({ error: 'Please send a score.' })
  .finite('Please send a score.')
  .min(0, 'A score cannot be negative.')
  .refine(
    (points) => Math.abs(Math.round(points * 100) - points * 100) < 1e-6,
    'A score has at most two decimals.',
  );

/**
 * The limits of a replay log (ADR 0015), so a hostile report cannot make the server replay for long:
 * 30,000 inputs (about four a second for two hours) and two hours of 1/60 s frames. The SDK's
 * REPLAY_LIMITS in packages/game-sdk/src/replay.js holds the same (a test keeps them equal).
 */
export const REPLAY_LIMITS = { maxInputs: 30_000, maxFrames: 432_000 } as const;

/**
 * The recorded run of a game PlayOn replays (`"scoring": "replay"` in its game.json): the frames it
 * lasted, each input with the frame it was given on, and what the run depends on besides its seed.
 */
export const ReplayLogSchema = z.object({
  frames: z.number().int().min(0).max(REPLAY_LIMITS.maxFrames),
  inputs: z
    .array(z.tuple([z.number().int().min(0).max(REPLAY_LIMITS.maxFrames), z.string().min(1).max(16)]))
    .max(REPLAY_LIMITS.maxInputs, 'This play has more moves than PlayOn can check.'),
  setup: z
    .record(z.string().max(32), z.number().int())
    .refine((setup) => Object.keys(setup).length <= 8, 'A play is set up by at most 8 numbers.')
    .optional(),
});
export type ReplayLog = z.infer<typeof ReplayLogSchema>;

/** POST /api/tournament-leaderboards/{id} and POST /api/games/score. */
export const ScoreReportSchema = z.object({
  session: z
    .string({ error: 'This score has no play session.' })
    .min(1, 'This score has no play session.')
    .max(512),
  points: PointsSchema,
  /** Required by a game PlayOn replays; ignored for a game judged by its limits. */
  replay: ReplayLogSchema.optional(),
});
export type ScoreReport = z.input<typeof ScoreReportSchema>;

/**
 * The answer to a score report. The game SDK's `ScoreResult` (packages/game-sdk/src/report.js) is
 * this type, imported.
 */
export const ScoreResultSchema = z.object({
  /** The points this play scored. */
  points: z.number(),
  /** The player's best in the tournament (or in this game when there is none). */
  best: z.number(),
  /** The player's rank in the tournament after this report; null outside a tournament. */
  rank: z.number().int().nullable(),
});
export type ScoreResult = z.infer<typeof ScoreResultSchema>;

/** The launch parameters a game reads from its address (docs/product.md, "Play now"). */
export const LAUNCH_PARAMS = {
  player: 'username',
  tournament: 'tournamentId',
  session: 'session',
  /** The seed of the run the server will replay (ADR 0015). */
  seed: 'seed',
  /** The player's language in PlayOn (`en` or `sw`); the game and its SDK screens speak it. */
  language: 'lang',
  /** The challenge this play answers (ADR 0066): its score goes to the challenge, 'Back' to its page. */
  challenge: 'challenge',
} as const;

export const VIDEO_ID_LENGTH = 11;
export const TRAILER_WIDTH = 853;
export const TRAILER_HEIGHT = 480;

const YOUTUBE_LINK =
  /^https?:\/\/(?:www\.|m\.)?(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^#]*&)?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]+)/;

/** A trailer PlayOn serves itself (a bundled game's file or an upload): MP4 or WebM on this origin. */
const OWN_VIDEO = /^\/(media|content|play)\/[\w./-]+\.(mp4|webm)(\?v=[\w-]+)?$/i;

/** Whether the trailer link is a video file PlayOn serves, played in a <video> rather than embedded. */
export function isOwnTrailerVideo(link: string | null | undefined): link is string {
  return Boolean(link && OWN_VIDEO.test(link) && !link.includes('..'));
}

/**
 * The 11-character video id of a YouTube link (watch?v=, youtu.be/, embed/, shorts/), or null when
 * the link gives none (docs/product.md, "Video link").
 */
export function youtubeVideoId(link: string | null | undefined): string | null {
  const id = link ? YOUTUBE_LINK.exec(link.trim())?.[1] : undefined;
  return id && id.length === VIDEO_ID_LENGTH ? id : null;
}

export const gameMessages = {
  fetchFailed: 'We could not fetch this game from the server.',
  notFound: 'This game does not exist.',
  subscriptionRequired: 'This game is for subscribers. Choose a plan to play it.',
  tournamentNotOngoing: 'This tournament is not running right now.',
  tournamentFinal: 'This tournament has ended and its results are final, so this score no longer counts.',
  sessionAfterEnd: 'This play started after the tournament ended, so it does not count.',
  tournamentOtherGame: 'This tournament is played on another game.',
  sessionInvalid: 'This play session is not valid. Start the game again from PlayOn.',
  sessionNotYours: 'This play session belongs to another player.',
  sessionUsed: 'This play session has already reported its score.',
  sessionExpired: 'This play session has expired. Start the game again from PlayOn.',
  sessionOtherTournament: 'This play session was started for another tournament.',
  sessionForChallenge: 'This play session was started for a challenge: its score goes to the challenge.',
  implausibleScore: 'This score is not possible in this game.',
  replayRequired: 'This score came without the moves that made it, so PlayOn cannot check it.',
  replayMismatch: 'This score does not match the play: PlayOn replayed your moves and reached another score.',
  replayTooLong: 'This play lasted longer than the time since it started.',
} as const;
