import type { OpsChatRoom } from '@playon/shared/ops-content';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/content/chat-rooms/:id. */
export function saveChatRoom(id: number, body: unknown) {
  return opsPost<OpsChatRoom>(`/content/chat-rooms/${id}`, body);
}
