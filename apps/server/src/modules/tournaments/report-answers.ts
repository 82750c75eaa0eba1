import { fromHundredths } from '../games/service.ts';
import type { TournamentServiceDeps } from './deps.ts';
import type { LeaderboardLive } from './live.ts';
import type { Placed } from './ranks/rank-store.ts';
import type { Ranks } from './ranks/ranks.ts';
import type { TournamentRepo, TournamentRow } from './repo.ts';
import type { Written } from './report-batch.ts';

export interface ReportAnswersDeps extends Pick<TournamentServiceDeps, 'db'> {
  repo: Pick<TournamentRepo, 'standing'>;
  ranks: Pick<Ranks, 'raiseAll'>;
  live: Pick<LeaderboardLive, 'changed'>;
}

/**
 * The answers of committed reports: each player's best and place, from the board in one call per
 * statement that wrote them when it can be trusted (ADR 0039), from PostgreSQL otherwise. A report
 * that raised the player's best (a tie with the old best counts too: a spare refresh) tells the
 * leaderboard's followers that it changed (live.ts).
 */
export function createReportAnswers({ db, repo, ranks, live }: ReportAnswersDeps) {
  async function answer(written: Written[]) {
    const byStatement = new Map<Written['counted'], Written[]>();
    for (const one of written) {
      const group = byStatement.get(one.counted);
      if (group) group.push(one);
      else byStatement.set(one.counted, [one]);
    }
    await Promise.all(
      [...byStatement].map(async ([counted, group]) => {
        const first = group[0] as Written;
        const tournament = { ...first.item.tournament, ...counted };
        let placed: (Placed | undefined)[] = [];
        try {
          placed =
            (await ranks.raiseAll(
              tournament,
              group.map((one) => one.best),
              db,
            )) ?? [];
        } catch {
          // Each report is then ranked by PostgreSQL on its own.
        }
        await Promise.all(group.map((one, index) => answerOne(one, tournament, placed[index])));
      }),
    );
  }

  async function answerOne({ item }: Written, tournament: TournamentRow, placed: Placed | undefined) {
    try {
      const standing = placed ?? (await repo.standing(tournament.id, item.uid));
      if (!standing) throw new Error(`score of ${item.uid} in tournament ${tournament.id} vanished`);
      const best = fromHundredths(standing.pointsHundredths);
      item.resolve({ points: item.report.points, best, rank: standing.rank });
      if (best === item.report.points) live.changed(tournament.id);
    } catch (err) {
      item.reject(err);
    }
  }

  return { answer };
}
