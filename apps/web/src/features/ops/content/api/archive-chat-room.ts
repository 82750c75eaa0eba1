import type { OpsChatRoom } from '@playon/shared/ops-content';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/content/chat-rooms/:id/archive. */
export function archiveChatRoom(id: number, reason: string) {
  return opsPost<OpsChatRoom>(`/content/chat-rooms/${id}/archive`, { reason });
}
