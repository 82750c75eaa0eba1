import { gameMessages, type ScoreResult } from '@playon/shared/games';
import { AppError } from '../../platform/errors.ts';
import {
  type CheckedClaim,
  fromHundredths,
  type ScoreReportInput,
  type SessionClaim,
  toHundredths,
} from '../games/service.ts';
import type { TournamentServiceDeps } from './deps.ts';
import type { RankEntry } from './ranks/rank-store.ts';
import type { Ranks } from './ranks/ranks.ts';
import { spendableSession, type TournamentRepo, type TournamentRow } from './repo.ts';
import type { ReportTournaments } from './report-tournaments.ts';

/** A score report waiting in its tournament's queue for a batch (reports.ts). */
export interface Pending {
  uid: string;
  report: ScoreReportInput;
  at: Date;
  tournament: TournamentRow;
  resolve: (result: ScoreResult) => void;
  reject: (err: unknown) => void;
}

/** A report whose session is spent and whose best is raised: committed, to be answered. */
export interface Written {
  item: Pending;
  best: RankEntry;
  /** The tournament's counts as the statement that wrote the report read them (one object a statement). */
  counted: Pick<TournamentRow, 'entries' | 'entriesRemoved'>;
}

export interface BatchWriterDeps {
  repo: Pick<TournamentRepo, 'raiseBests' | 'standing'>;
  ranks: Pick<Ranks, 'settle' | 'repair'>;
  games: Pick<TournamentServiceDeps['games'], 'checkClaims' | 'markReportedStatement'>;
  tournaments: Pick<ReportTournaments, 'fresh'>;
}

/**
 * Writes one batch of a tournament's reports in two statements, each committing on its own: the
 * games module checks the claims on their play sessions (one read), then one statement spends the
 * sessions that passed (the games module's UPDATE, as a CTE) and raises the bests
 * (repo.ts `raiseBests`). A session is spent at most once without a lock: the UPDATE takes only a
 * session still unreported, and only while the tournament takes scores, its row held against the
 * ranking (repo.ts `spendableSession`, ADR 0071), so a tournament ended, ranked or cancelled elsewhere
 * refuses the report and leaves its session unspent. Each report keeps its own refusal.
 */
export function createBatchWriter({ repo, ranks, games, tournaments }: BatchWriterDeps) {
  /**
   * Writes a batch; a statement that fails for a batch of several is tried again report by report,
   * so one report's failure is its own. The reports written come back to be answered.
   */
  async function write(tournamentId: number, batch: Pending[]): Promise<Written[]> {
    const { written, failed } = await writeOnce(tournamentId, batch);
    if (!failed) return written;
    if (batch.length === 1) {
      batch[0]?.reject(failed.err);
      return written;
    }
    const again: Written[] = [];
    for (const item of failed.items) {
      const one = await writeOnce(tournamentId, [item]);
      if (one.failed) item.reject(one.failed.err);
      again.push(...one.written);
    }
    return [...written, ...again];
  }

  async function writeOnce(
    tournamentId: number,
    batch: Pending[],
  ): Promise<{ written: Written[]; failed?: { err: unknown; items: Pending[] } }> {
    const tournament = batch[0]?.tournament;
    if (!tournament) return { written: [] };
    const claims = batch.map((item) => ({
      token: item.report.session,
      uid: item.uid,
      tournamentId,
      points: item.report.points,
      replay: item.report.replay,
      at: item.at,
    }));
    const checks = await games.checkClaims(claims);
    const passed: (CheckedClaim & { item: Pending })[] = [];
    // A report its checks refuse is answered now; the others go on to the statement.
    const repeats: Promise<void>[] = [];
    batch.forEach((item, index) => {
      const check = checks[index];
      if (check && 'repeated' in check) repeats.push(answerRepeat(item));
      else if (check && 'session' in check) {
        passed.push({ item, claim: claims[index] as SessionClaim, session: check.session });
      } else item.reject(check?.error);
    });
    await Promise.all(repeats);
    if (passed.length === 0) return { written: [] };
    const spent = await spend(tournament, passed);
    if ('refused' in spent) {
      for (const { item } of passed) item.reject(spent.refused);
      return { written: [] };
    }
    if ('failed' in spent) {
      await Promise.all(passed.map(({ item }) => ranks.repair(tournament, item.uid)));
      return { written: [], failed: { err: spent.failed, items: passed.map(({ item }) => item) } };
    }
    const written: Written[] = [];
    await Promise.all(
      passed.map(async ({ item, session }) => {
        const best = spent.bests.get(session.id);
        if (best) {
          written.push({ item, best, counted: spent.counted });
          return;
        }
        // Not marked: the tournament takes no more scores (say why), the session was issued after
        // its end (moved earlier elsewhere), or the session was spent meanwhile.
        await ranks.repair(tournament, item.uid);
        try {
          const row = await tournaments.fresh(tournamentId, item.at);
          const late = session.startedAt.getTime() >= row.ends.getTime();
          item.reject(
            new AppError('CONFLICT', late ? gameMessages.sessionAfterEnd : gameMessages.sessionUsed),
          );
        } catch (err) {
          item.reject(err);
        }
      }),
    );
    return { written };
  }

  /** A report sent again whose run counted already (ADR 0065): the player's best and place now. */
  async function answerRepeat(item: Pending) {
    try {
      const standing = await repo.standing(item.tournament.id, item.uid);
      if (!standing) throw new AppError('CONFLICT', gameMessages.sessionUsed);
      item.resolve({
        points: item.report.points,
        best: fromHundredths(standing.pointsHundredths),
        rank: standing.rank,
      });
    } catch (err) {
      item.reject(err);
    }
  }

  /**
   * Puts the reports on the board, then spends their sessions and raises the bests in one
   * statement: the bests by session id, those of the sessions it spent; `refused` when the board
   * refused them (nothing written), `failed` when the statement failed.
   */
  async function spend(
    tournament: TournamentRow,
    passed: (CheckedClaim & { item: Pending })[],
  ): Promise<
    | { bests: Map<string, RankEntry>; counted: Written['counted'] }
    | { refused: unknown }
    | { failed: unknown }
  > {
    // On the board before PostgreSQL commits: a reader that counts the new entries finds them
    // there. A report refused after this has its entry put back as PostgreSQL has it.
    try {
      await ranks.settle(
        tournament,
        passed.map(({ item }) => provisional(item)),
      );
    } catch (refused) {
      return { refused };
    }
    try {
      const marking = games.markReportedStatement(passed, { sql: spendableSession, values: {} });
      const rows = await repo.raiseBests(tournament.id, marking);
      const bests = new Map<string, RankEntry>();
      for (const row of rows) {
        const best = { uid: row.uid, pointsHundredths: row.points_hundredths, micros: Number(row.micros) };
        for (const id of row.session_ids.split(',')) bests.set(id, best);
      }
      // Every row carries the same counts; with no row back no report was written and they go unread.
      const [first] = rows;
      return {
        bests,
        counted: { entries: first?.entries ?? 0, entriesRemoved: first?.entries_removed ?? 0 },
      };
    } catch (failed) {
      return { failed };
    }
  }

  return { write };
}

/** The report's points at its moment, as the upsert would keep them. */
function provisional(item: Pending): RankEntry {
  return {
    uid: item.uid,
    pointsHundredths: toHundredths(item.report.points),
    micros: item.at.getTime() * 1000,
  };
}
