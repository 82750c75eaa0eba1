import { gameMessages } from '@playon/shared/games';
import { contentMessages } from '@playon/shared/ops-content';
import { tournamentMessages, tournamentStatusAt } from '@playon/shared/tournaments';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { createTournamentRepo, type TournamentRow } from './repo.ts';
import { toTournament } from './tournament.ts';

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

  /** The check before 'Play now' starts a session for a tournament. */
  async function assertPlayable(tournamentId: number, gameId: number, at: Date) {
    const row = await mustFind(tournamentId);
    assertOngoing(row, at);
    if (row.gameId !== gameId) throw new AppError('CONFLICT', gameMessages.tournamentOtherGame);
  }

  return { mustFind, assertOngoing, assertPlayable };
}

export type TournamentPlayRule = ReturnType<typeof createTournamentPlayRule>;
