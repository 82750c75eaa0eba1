import { z } from 'zod';

/** GET /api/tournaments and /api/tournaments/{id} (spec section 3, "Tournament"). */
export interface Tournament {
  id: number;
  name: string;
  description: string;
  /** ISO 8601. */
  starts: string;
  ends: string;
  gameId: number;
}

export type TournamentStatus = 'UPCOMING' | 'ONGOING' | 'EXPIRED';

/**
 * The spec's clock rule (section 4): upcoming until it starts, ongoing while now lies strictly
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

/** One row of the leaderboard (spec section 3, "Leaderboard entry"), with its rank. */
export interface LeaderboardEntry {
  rank: number;
  userId: string;
  /** Null when the player has none: the screen shows 'anonymous'. */
  username: string | null;
  profilePic: string | null;
  /** Two decimals. */
  points: number;
}

/** GET /api/tournament-leaderboards/{id}?page=&pageSize= (spec-deviations #8). */
export interface LeaderboardPage {
  content: LeaderboardEntry[];
  /** True when no page follows this one. */
  last: boolean;
  page: number;
  pageSize: number;
  totalElements: number;
}

export const LEADERBOARD_PAGE_SIZE = 15;

export const LeaderboardQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(LEADERBOARD_PAGE_SIZE),
});

/** GET /api/tournament-leaderboards/{id}/me: the caller's place, or null payload when not ranked. */
export interface OwnRank {
  rank: number;
  points: number;
  totalElements: number;
}

/** GET /api/tournament-awards/tournament/{id} (spec section 3, "Award"). */
export interface TournamentAward {
  id: number;
  /** 1, 2 or 3. */
  position: number;
  award: { name: 'Gold' | 'Silver' | 'Bronze' };
  subscriptionPackage: { id: number; name: string };
  /** The player it went to once the tournament is ranked; null before. */
  winnerId: string | null;
}

/** GET /api/hall-of-fame (spec section 3, "Hall of fame"). */
export interface HallOfFameEntry {
  id: number;
  title: string;
  description: string;
  /** User ids, first place first. */
  members: string[];
  tournamentId: number | null;
  createdAt: string;
}

/** GET /api/users/public/{id} (spec section 3, "Public user"). */
export interface PublicUser {
  name: string | null;
  username: string | null;
  profilePic: string | null;
}

export const tournamentMessages = {
  notFound: 'This tournament does not exist.',
  noDescription: 'Could not fetch description',
  noLeaderboard: 'No leaderboard data',
  anonymous: 'anonymous',
  hallOfFameEmpty: "There's nothing here. Maybe check back later?",
} as const;
