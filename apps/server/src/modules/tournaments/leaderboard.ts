import type { ScoreResult } from '@playon/shared/games';
import type { LeaderboardPage, OwnRank } from '@playon/shared/tournaments';
import { fromHundredths, type ScoreReportInput, toHundredths } from '../games/service.ts';
import type { TournamentServiceDeps } from './deps.ts';
import type { TournamentPlayRule } from './play-rule.ts';
import type { RankEntry } from './ranks/rank-store.ts';
import type { Ranks } from './ranks/ranks.ts';
import type { TournamentRepo, TournamentRow } from './repo.ts';

export interface LeaderboardRequest {
  page: number;
  pageSize: number;
}

export interface LeaderboardDeps extends Pick<TournamentServiceDeps, 'db' | 'games' | 'players'> {
  repo: TournamentRepo;
  ranks: Ranks;
  rule: Pick<TournamentPlayRule, 'mustFind' | 'assertOngoing'>;
  now: () => Date;
}

/**
 * Score reports and the leaderboard's pages: each player's best, ties to who reached it first.
 * Ranks, pages and their totals come from the rank store (ADR 0029) and the tournament's stored count;
 * PostgreSQL stays the record and answers whenever the store cannot be trusted.
 */
export function createLeaderboard({ db, repo, ranks, rule, games, players, now }: LeaderboardDeps) {
  /**
   * A tournament score, in one transaction: the tournament must be running when it arrives (checked
   * before the play session is spent), then the session is claimed, the best raised and the rank read.
   */
  async function reportScore(
    uid: string,
    tournamentId: number,
    report: ScoreReportInput,
  ): Promise<ScoreResult> {
    const at = now();
    // The board is written inside the transaction (a reader counting the new entry finds it there);
    // if the transaction then fails, the player's entry is put back, and once it commits the best is
    // settled on the board again.
    let written: { tournament: TournamentRow; best: RankEntry } | undefined;
    let result: ScoreResult;
    try {
      result = await db.transaction(async (tx) => {
        const tournament = await rule.mustFind(tournamentId, tx);
        rule.assertOngoing(tournament, at);
        const best = await games.claimSessionWith(
          { token: report.session, uid, tournamentId, points: report.points, replay: report.replay, at },
          tx,
          async (session, markReported) => {
            const raised = await repo.raiseBest(
              {
                tournamentId,
                uid,
                pointsHundredths: toHundredths(report.points),
                achievedAt: at,
                sessionId: session.id,
              },
              markReported,
              tx,
            );
            return { isMarked: raised.isMarked, value: raised.best };
          },
        );
        written = { tournament, best };
        const standing =
          (await ranks.raise(tournament, best, tx)) ?? (await repo.standing(tournamentId, uid, tx));
        if (!standing) throw new Error(`score of ${uid} in tournament ${tournamentId} vanished`);
        return {
          points: report.points,
          best: fromHundredths(standing.pointsHundredths),
          rank: standing.rank,
        };
      });
    } catch (err) {
      if (written) await ranks.repair(written.tournament, uid);
      throw err;
    }
    if (written) await ranks.settle(written.tournament, written.best);
    return result;
  }

  async function leaderboardPage(
    tournamentId: number,
    { page, pageSize }: LeaderboardRequest,
  ): Promise<LeaderboardPage> {
    const tournament = await rule.mustFind(tournamentId);
    const offset = page * pageSize;
    const totalElements = tournament.entries;
    const rows =
      (await ranks.page(tournament, offset, pageSize)) ?? (await repo.page(tournamentId, offset, pageSize));
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
    const tournament = await rule.mustFind(tournamentId);
    const standing = await ranks.standing(tournament, uid);
    const placed = standing === undefined ? await repo.standing(tournamentId, uid) : standing;
    if (!placed) return null;
    return {
      rank: placed.rank,
      points: fromHundredths(placed.pointsHundredths),
      totalElements: tournament.entries,
    };
  }

  return { reportScore, leaderboardPage, ownRank };
}
