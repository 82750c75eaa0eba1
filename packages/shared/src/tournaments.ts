import { z } from 'zod';

/** GET /api/tournaments and /api/tournaments/{id} (docs/product.md, "Tournament"). */
export const TournamentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** ISO 8601. */
  starts: z.string(),
  ends: z.string(),
  gameId: z.number().int(),
});
export type Tournament = z.infer<typeof TournamentSchema>;

export type TournamentStatus = 'UPCOMING' | 'ONGOING' | 'EXPIRED';

/**
 * The clock rule of docs/product.md ("Tournament"): upcoming until it starts, ongoing while now lies strictly
 * between starts and ends, expired once both have passed. At exact equality it falls to upcoming.
 */
export function tournamentStatusAt(
  tournament: Pick<Tournament, 'starts' | 'ends'>,
  now: Date | number,
): TournamentStatus {
  const at = typeof now === 'number' ? now : now.getTime();
  const starts = Date.parse(tournament.starts);
  const ends = Date.parse(tournament.ends);
  if (at > starts && at < ends) return 'ONGOING';
  if (at > starts && at > ends) return 'EXPIRED';
  return 'UPCOMING';
}

/** One row of the leaderboard (docs/product.md, "Leaderboard entry"), with its rank. */
export const LeaderboardEntrySchema = z.object({
  rank: z.number().int(),
  userId: z.string(),
  /** Null when the player has none: the screen shows 'anonymous'. */
  username: z.string().nullable(),
  profilePic: z.string().nullable(),
  /** Two decimals. */
  points: z.number(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

/** GET /api/tournament-leaderboards/{id}?page=&pageSize= (docs/api.md, "Games and tournaments"). */
export const LeaderboardPageSchema = z.object({
  content: z.array(LeaderboardEntrySchema),
  /** True when no page follows this one. */
  last: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalElements: z.number().int(),
});
export type LeaderboardPage = z.infer<typeof LeaderboardPageSchema>;

export const LEADERBOARD_PAGE_SIZE = 15;

export const LeaderboardQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(LEADERBOARD_PAGE_SIZE),
});

/** GET /api/tournament-leaderboards/{id}/me: the caller's place; the payload is null when not ranked. */
export const OwnRankSchema = z.object({
  rank: z.number().int(),
  points: z.number(),
  totalElements: z.number().int(),
});
export type OwnRank = z.infer<typeof OwnRankSchema>;

/** The podium's awards, first place first. */
export const awardNames = ['Gold', 'Silver', 'Bronze'] as const;

/** GET /api/tournament-awards/tournament/{id} (docs/product.md, "Award"). */
export const TournamentAwardSchema = z.object({
  id: z.number().int(),
  /** 1, 2 or 3. */
  position: z.number().int(),
  award: z.object({ name: z.enum(awardNames) }),
  subscriptionPackage: z.object({ id: z.number().int(), name: z.string() }),
  /** The player it went to once the tournament is ranked; null before. */
  winnerId: z.string().nullable(),
});
export type TournamentAward = z.infer<typeof TournamentAwardSchema>;

/** GET /api/hall-of-fame (docs/product.md, "Hall of fame entry"). */
export const HallOfFameEntrySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** User ids, first place first. */
  members: z.array(z.string()),
  tournamentId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type HallOfFameEntry = z.infer<typeof HallOfFameEntrySchema>;

/** GET /api/users/public/{id} (docs/product.md, "Public user"). */
export const PublicUserSchema = z.object({
  name: z.string().nullable(),
  username: z.string().nullable(),
  profilePic: z.string().nullable(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

export const tournamentMessages = {
  notFound: 'This tournament does not exist.',
  noDescription: 'Could not fetch description',
  noLeaderboard: 'No leaderboard data',
  anonymous: 'anonymous',
  hallOfFameEmpty: "There's nothing here. Maybe check back later?",
} as const;
