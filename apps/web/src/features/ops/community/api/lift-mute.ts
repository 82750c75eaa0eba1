import type { Mute } from '@playon/shared/ops-community';
import { opsPost } from '../../api/ops-request';
import { roomPath } from './room-path';

/** POST /api/ops/community/chat/rooms/:uid/mutes/:playerUid/lift: the player may write again at once. */
export function liftMute(chatRoomUid: string, uid: string, reason: string) {
  return opsPost<Mute>(`${roomPath(chatRoomUid)}/mutes/${encodeURIComponent(uid)}/lift`, { reason });
}
