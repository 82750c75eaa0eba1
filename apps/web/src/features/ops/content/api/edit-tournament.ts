import type { OpsTournament } from '@playon/shared/ops-content';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/content/tournaments/:id: only before it starts. */
export function editTournament(id: number, body: unknown) {
  return opsPost<OpsTournament>(`/content/tournaments/${id}`, body);
}
