import type { ChatMessage, ChatPage, ChatRoom } from '@playon/shared/chat';

/** Factories for the chat screens' tests. */
export function buildChatRoom(overrides: Partial<ChatRoom> = {}): ChatRoom {
  const id = overrides.id ?? 7;
  return {
    id,
    chatRoomUid: `room-${id}`,
    name: 'Nairobi Gamers',
    icon: '/media/chat-icons/nairobi.svg',
    memberCount: 24,
    onlineMemberCount: 3,
    subscribed: false,
    ...overrides,
  };
}

let sequence = 0;
export function buildChatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  sequence++;
  const createdAt = overrides.createdAt ?? new Date(Date.UTC(2026, 10, 21, 8, 0, sequence)).toISOString();
  return {
    id: `m${sequence}`,
    userId: 'u2',
    chatRoomId: 7,
    message: `Message ${sequence}`,
    chatType: 'TEXT',
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

/** Page `pageNumber` of `totalPages`, holding `content` (oldest first). */
export function buildChatPage(pageNumber: number, totalPages: number, content: ChatMessage[]): ChatPage {
  return { content, totalPages, totalElements: content.length, pageable: { pageNumber, pageSize: 50 } };
}
