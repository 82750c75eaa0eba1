import type { OpsTournament } from '@playon/shared/ops-content';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/content/tournaments/:id/end-now: ends it and ranks its podium at once. */
export function endTournamentNow(id: number, reason: string) {
  return opsPost<OpsTournament>(`/content/tournaments/${id}/end-now`, { reason });
}
