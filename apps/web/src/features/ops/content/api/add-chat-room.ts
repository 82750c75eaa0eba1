import type { OpsChatRoom } from '@playon/shared/ops-content';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/content/chat-rooms. */
export function addChatRoom(body: unknown) {
  return opsPost<OpsChatRoom>('/content/chat-rooms', body);
}
