import { ChatHiddenMessageSchema, type ChatMessage, type ChatPage } from '@playon/shared/chat';

/** Whatever /ws sent: a new message of this room. */
export function isChatMessageFor(
  data: unknown,
  chatRoomId: number,
): data is { type: 'chat'; message: ChatMessage } {
  if (typeof data !== 'object' || data === null) return false;
  const { type, message } = data as { type?: unknown; message?: Partial<ChatMessage> | null };
  return type === 'chat' && typeof message?.id === 'string' && message.chatRoomId === chatRoomId;
}

/** Whatever /ws sent: a moderator hid a message of this room. */
export function hiddenMessageIn(data: unknown, chatRoomId: number): string | undefined {
  const parsed = ChatHiddenMessageSchema.safeParse(data);
  return parsed.success && parsed.data.chatRoomId === chatRoomId ? parsed.data.messageId : undefined;
}

const byTimeThenId = (a: ChatMessage, b: ChatMessage) =>
  Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The room's messages, oldest first, each once: the loaded pages, then what arrived live or was sent
 * here (a sent message also comes back over /ws, and a reconnect fetches the newest page again);
 * none a moderator hid since the pages loaded.
 */
export function mergeMessages(
  pages: readonly ChatPage[] | undefined,
  live: readonly ChatMessage[],
  hidden: ReadonlySet<string> = new Set(),
): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const page of pages ?? []) for (const message of page.content) byId.set(message.id, message);
  for (const message of live) if (!byId.has(message.id)) byId.set(message.id, message);
  for (const id of hidden) byId.delete(id);
  return [...byId.values()].sort(byTimeThenId);
}
