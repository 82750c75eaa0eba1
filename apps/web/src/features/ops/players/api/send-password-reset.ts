import { opsPost } from '../../api/ops-request';
import { playerPath } from './player-path';

/** POST /api/ops/players/:uid/password-reset: mails the player a link to choose a new password. */
export function sendPasswordReset(uid: string) {
  return opsPost<{ email: string }>(`${playerPath(uid)}/password-reset`, {});
}
