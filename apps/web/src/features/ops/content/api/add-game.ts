import type { OpsGame } from '@playon/shared/ops-content';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/content/games: an outside game, played from its own address. */
export function addGame(body: unknown) {
  return opsPost<OpsGame>('/content/games', body);
}
