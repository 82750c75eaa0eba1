import type { DeleteAccountRequest, Deletion } from '@playon/shared/ops-players';
import { opsPost } from '../../api/ops-request';
import { playerPath } from './player-path';

/** POST /api/ops/players/:uid/delete: the account is deleted on the player's request. */
export function deleteAccount(uid: string, body: DeleteAccountRequest) {
  return opsPost<Deletion>(`${playerPath(uid)}/delete`, body);
}
