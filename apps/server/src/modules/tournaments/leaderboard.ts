import type { ScoreResult } from '@playon/shared/games';
import type { LeaderboardPage, OwnRank } from '@playon/shared/tournaments';
import { fromHundredths, type ScoreReportInput, toHundredths } from '../games/service.ts';
import type { TournamentServiceDeps } from './deps.ts';
import type { TournamentPlayRule } from './play-rule.ts';
import type { TournamentRepo } from './repo.ts';

export interface LeaderboardRequest {
  page: number;
  pageSize: number;
}

export interface LeaderboardDeps extends Pick<TournamentServiceDeps, 'db' | 'games' | 'players'> {
  repo: TournamentRepo;
  rule: Pick<TournamentPlayRule, 'mustFind' | 'assertOngoing'>;
  now: () => Date;
}

/** Score reports and the leaderboard's pages: each player's best, ties to who reached it first. */
export function createLeaderboard({ db, repo, rule, games, players, now }: LeaderboardDeps) {
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
    return db.transaction(async (tx) => {
      rule.assertOngoing(await rule.mustFind(tournamentId, tx), at);
      const session = await games.claimSession(
        { token: report.session, uid, tournamentId, points: report.points, replay: report.replay, at },
        tx,
      );
      await repo.raiseBest(
        {
          tournamentId,
          uid,
          pointsHundredths: toHundredths(report.points),
          achievedAt: at,
          sessionId: session.id,
        },
        tx,
      );
      const standing = await repo.standing(tournamentId, uid, tx);
      if (!standing) throw new Error(`score of ${uid} in tournament ${tournamentId} vanished`);
      return { points: report.points, best: fromHundredths(standing.pointsHundredths), rank: standing.rank };
    });
  }

  async function leaderboardPage(
    tournamentId: number,
    { page, pageSize }: LeaderboardRequest,
  ): Promise<LeaderboardPage> {
    await rule.mustFind(tournamentId);
    const offset = page * pageSize;
    const [rows, totalElements] = await Promise.all([
      repo.page(tournamentId, offset, pageSize),
      repo.count(tournamentId),
    ]);
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
    await rule.mustFind(tournamentId);
    const [standing, totalElements] = await Promise.all([
      repo.standing(tournamentId, uid),
      repo.count(tournamentId),
    ]);
    if (!standing) return null;
    return { rank: standing.rank, points: fromHundredths(standing.pointsHundredths), totalElements };
  }

  return { reportScore, leaderboardPage, ownRank };
}
