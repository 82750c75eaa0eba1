import type { PlayerExport } from '@playon/shared/ops-players';
import { opsPost } from '../../api/ops-request';
import { playerPath } from './player-path';

/** POST /api/ops/players/:uid/export: everything kept about the player, as one record. */
export function exportPlayerData(uid: string, reason: string) {
  return opsPost<PlayerExport>(`${playerPath(uid)}/export`, { reason });
}
