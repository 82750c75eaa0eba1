import type { OpsTournament } from '@playon/shared/ops-content';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/content/tournaments/:id/cancel: no prizes, out of the players' list. */
export function cancelTournament(id: number, reason: string) {
  return opsPost<OpsTournament>(`/content/tournaments/${id}/cancel`, { reason });
}
