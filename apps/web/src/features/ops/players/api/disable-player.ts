import type { AccountStatus } from '@playon/shared/ops-players';
import { opsPost } from '../../api/ops-request';
import { playerPath } from './player-path';

/** POST /api/ops/players/:uid/disable: the player can no longer sign in. */
export function disablePlayer(uid: string, reason: string) {
  return opsPost<AccountStatus>(`${playerPath(uid)}/disable`, { reason });
}
