import type { Tournament } from '@playon/shared/tournaments';

const asId = (value: unknown): number | undefined => {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/**
 * The tournament a leaderboard is for: the route's id (/tournaments/leaderboard/{id}), else the
 * navigation state of /tournaments/leaderboard (`{ tournamentId }` or `{ tournament }`).
 */
export function leaderboardTournamentId(param: string | undefined, state: unknown): number | undefined {
  if (param !== undefined) return asId(param);
  const carried = state as { tournamentId?: unknown; tournament?: Partial<Tournament> } | null;
  return asId(carried?.tournamentId) ?? asId(carried?.tournament?.id);
}
