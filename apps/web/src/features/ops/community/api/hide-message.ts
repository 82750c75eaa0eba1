import type { ModerationMessage } from '@playon/shared/ops-community';
import { opsPost } from '../../api/ops-request';
import { roomPath } from './room-path';

/** POST /api/ops/community/chat/rooms/:uid/messages/:id/hide: gone for players, kept in the record. */
export function hideMessage(chatRoomUid: string, messageId: string, reason: string) {
  return opsPost<ModerationMessage>(`${roomPath(chatRoomUid)}/messages/${messageId}/hide`, { reason });
}
