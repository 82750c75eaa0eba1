import type { AccountStatus } from '@playon/shared/ops-players';
import { opsPost } from '../../api/ops-request';
import { playerPath } from './player-path';

/** POST /api/ops/players/:uid/enable: the player may sign in again. */
export function enablePlayer(uid: string, reason: string) {
  return opsPost<AccountStatus>(`${playerPath(uid)}/enable`, { reason });
}
