import type { Tournament } from '@playon/shared/tournaments';

/**
 * The tournament a play counts for, as the tournaments screens pass it in navigation state
 * (`{ tournament }`); undefined for a plain visit or a state that is not one.
 */
export function readTournamentState(state: unknown): Tournament | undefined {
  const tournament = (state as { tournament?: Partial<Tournament> } | null)?.tournament;
  if (!tournament || typeof tournament.id !== 'number' || typeof tournament.name !== 'string')
    return undefined;
  return tournament as Tournament;
}
