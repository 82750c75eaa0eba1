import type { Mute, MuteRequest } from '@playon/shared/ops-community';
import { opsPost } from '../../api/ops-request';
import { roomPath } from './room-path';

/** POST /api/ops/community/chat/rooms/:uid/mutes: the player may not write in the room for a while. */
export function mutePlayer(chatRoomUid: string, body: MuteRequest) {
  return opsPost<Mute>(`${roomPath(chatRoomUid)}/mutes`, body);
}
