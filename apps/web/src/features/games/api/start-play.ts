import type { PlaySession, StartPlayRequest } from '@playon/shared/games';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/games/{id}/play: a signed play session for this player, counted for `tournamentId` when
 * given; 403 SUBSCRIPTION_REQUIRED for a subscribers' game without an active plan.
 */
export async function startPlay(gameId: number, tournamentId?: number): Promise<PlaySession> {
  const body: StartPlayRequest = tournamentId === undefined ? {} : { tournamentId };
  return (await apiRequest<PlaySession>(`/games/${gameId}/play`, { method: 'POST', json: body })).payload;
}
