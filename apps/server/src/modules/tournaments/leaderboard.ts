import type { LeaderboardPage, OwnRank } from '@playon/shared/tournaments';
import { fromHundredths } from '../games/service.ts';
import type { TournamentServiceDeps } from './deps.ts';
import type { TournamentPlayRule } from './play-rule.ts';
import type { Ranks } from './ranks/ranks.ts';
import type { TournamentRepo } from './repo.ts';

export interface LeaderboardRequest {
  page: number;
  pageSize: number;
}

export interface LeaderboardDeps extends Pick<TournamentServiceDeps, 'players'> {
  repo: Pick<TournamentRepo, 'page' | 'standing'>;
  ranks: Pick<Ranks, 'page' | 'standing'>;
  rule: Pick<TournamentPlayRule, 'mustFind'>;
}

/**
 * The leaderboard's pages and a player's own place: each player's best, ties to who reached it first.
 * Ranks, pages and their totals come from the rank store (ADR 0029) and the tournament's stored count;
 * PostgreSQL stays the record and answers whenever the store cannot be trusted.
 */
export function createLeaderboard({ repo, ranks, rule, players }: LeaderboardDeps) {
  async function leaderboardPage(
    tournamentId: number,
    { page, pageSize }: LeaderboardRequest,
  ): Promise<LeaderboardPage> {
    const offset = page * pageSize;
    const onBoard = await ranks.page(tournamentId, () => rule.mustFind(tournamentId), offset, pageSize);
    const totalElements = onBoard.tournament.entries;
    const rows = onBoard.rows ?? (await repo.page(tournamentId, offset, pageSize));
    const profiles = await players.playersByUid(rows.map((row) => row.uid));
    return {
      content: rows.map((row, index) => {
        const profile = profiles.get(row.uid);
        return {
          rank: offset + index + 1,
          userId: row.uid,
          username: profile?.username ?? null,
          profilePic: profile?.profilePic ?? null,
          points: fromHundredths(row.pointsHundredths),
        };
      }),
      last: offset + pageSize >= totalElements,
      page,
      pageSize,
      totalElements,
    };
  }

  /** The player's place, or null when they have no score in the tournament. */
  async function ownRank(tournamentId: number, uid: string): Promise<OwnRank | null> {
    const { tournament, placed: onBoard } = await ranks.standing(
      tournamentId,
      () => rule.mustFind(tournamentId),
      uid,
    );
    const placed = onBoard === undefined ? await repo.standing(tournamentId, uid) : onBoard;
    if (!placed) return null;
    return {
      rank: placed.rank,
      points: fromHundredths(placed.pointsHundredths),
      totalElements: tournament.entries,
    };
  }

  return { leaderboardPage, ownRank };
}
