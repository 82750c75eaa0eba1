import { gameMessages } from '@playon/shared/games';
import { contentMessages } from '@playon/shared/ops-content';
import { tournamentMessages, tournamentStatusAt } from '@playon/shared/tournaments';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { createTournamentRepo, type TournamentRow } from './repo.ts';
import { toTournament } from './tournament.ts';

/**
 * How long after its end a tournament still takes the runs of sessions issued before it (a run played
 * offline, reported when the network came back, ADR 0065); the ranking job ranks it after that.
 */
export const LATE_REPORTS_MS = 30 * 60_000;

/**
 * When a tournament takes plays and scores: while it is running, on its own game. It needs the
 * database alone, so the games module's 'Play now' can be given it before either service is built
 * (ADR 0021), and score reports check the same rule.
 */
export function createTournamentPlayRule(db: Db) {
  const repo = createTournamentRepo(db);

  async function mustFind(id: number, tx: Db = db): Promise<TournamentRow> {
    const row = await repo.byId(id, tx);
    if (!row) throw new AppError('NOT_FOUND', tournamentMessages.notFound);
    return row;
  }

  /** Refuses a play or a score unless the tournament is running at `at` (the shared clock rule). */
  function assertOngoing(row: TournamentRow, at: Date) {
    if (row.cancelledAt) throw new AppError('CONFLICT', contentMessages.tournamentCancelled);
    if (tournamentStatusAt(toTournament(row), at) !== 'ONGOING') {
      throw new AppError('CONFLICT', gameMessages.tournamentNotOngoing);
    }
  }

  /**
   * Refuses a score unless the tournament takes scores at `at`: started, not cancelled, and not final
   * (ranked, or past its end by LATE_REPORTS_MS). A score after the end counts only for a session
   * issued before it: the statement that spends the session checks that (report-batch.ts).
   */
  function assertTakesReports(row: TournamentRow, at: Date) {
    if (row.cancelledAt) throw new AppError('CONFLICT', contentMessages.tournamentCancelled);
    if (at.getTime() <= row.starts.getTime()) {
      throw new AppError('CONFLICT', gameMessages.tournamentNotOngoing);
    }
    if (row.rankedAt || row.ends.getTime() + LATE_REPORTS_MS <= at.getTime()) {
      throw new AppError('CONFLICT', gameMessages.tournamentFinal);
    }
  }

  /** The check before 'Play now' starts a session for a tournament. */
  async function assertPlayable(tournamentId: number, gameId: number, at: Date) {
    const row = await mustFind(tournamentId);
    assertOngoing(row, at);
    if (row.gameId !== gameId) throw new AppError('CONFLICT', gameMessages.tournamentOtherGame);
  }

  return { mustFind, assertOngoing, assertTakesReports, assertPlayable };
}

export type TournamentPlayRule = ReturnType<typeof createTournamentPlayRule>;
