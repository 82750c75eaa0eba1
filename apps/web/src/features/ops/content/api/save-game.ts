import type { OpsGame } from '@playon/shared/ops-content';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/content/games/:id: a game's settings. */
export function saveGame(id: number, body: unknown) {
  return opsPost<OpsGame>(`/content/games/${id}`, body);
}
