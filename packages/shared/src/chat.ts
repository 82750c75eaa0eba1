import { z } from 'zod';

export const chatTypes = ['TEXT', 'IMAGE', 'VIDEO', 'AUDIO', 'DOCUMENT'] as const;
export type ChatType = (typeof chatTypes)[number];

/** GET /api/chat-rooms/list (docs/product.md, "Chat room"). */
export const ChatRoomSchema = z.object({
  id: z.number().int(),
  /** The key of join and leave: GET /api/profile/chatroom-join/{chatRoomUid}. */
  chatRoomUid: z.string(),
  name: z.string(),
  /** An image address. */
  icon: z.string(),
  memberCount: z.number().int(),
  /** Members with the app open (a live /ws socket) right now. */
  onlineMemberCount: z.number().int(),
  /** Whether the caller is a member (also derivable from the profile's `chatRooms`). */
  subscribed: z.boolean(),
});
export type ChatRoom = z.infer<typeof ChatRoomSchema>;

/**
 * A chat message (docs/product.md, "Chat message"). For media, `message` is the uploaded file's
 * address (/media/...).
 */
export const ChatMessageSchema = z.object({
  id: z.string(),
  userId: z.string(),
  chatRoomId: z.number().int(),
  message: z.string(),
  chatType: z.enum(chatTypes),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const CHAT_PAGE_SIZE = 50;

/** POST /api/chats/send. */
export const ChatSendRequestSchema = z.object({
  chatRoomId: z.number({ error: 'Please choose a chat room.' }).int().positive('Please choose a chat room.'),
  message: z
    .string({ error: 'Please type a message.' })
    .trim()
    .min(1, 'Please type a message.')
    .max(CHAT_MESSAGE_MAX_LENGTH, `A message can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`),
  chatType: z.enum(chatTypes, { error: 'Unknown message type.' }).default('TEXT'),
});
export type ChatSendRequest = z.input<typeof ChatSendRequestSchema>;

/**
 * POST /api/chats/list/: pages count from the oldest message (page 0) so a page never changes once
 * full; without `page` the answer is the last (newest) page, where the room opens (docs/product.md, "Paging").
 */
export const ChatListRequestSchema = z.object({
  chatRoomId: z.number({ error: 'Please choose a chat room.' }).int().positive('Please choose a chat room.'),
  page: z.number().int().min(0).optional(),
  pageSize: z.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
});
export type ChatListRequest = z.input<typeof ChatListRequestSchema>;

/** The answer of POST /api/chats/list/: `content` oldest first within the page. */
export const ChatPageSchema = z.object({
  content: z.array(ChatMessageSchema),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
  pageable: z.object({ pageNumber: z.number().int(), pageSize: z.number().int() }),
});
export type ChatPage = z.infer<typeof ChatPageSchema>;

/** The kind of an attachment from its media type (docs/product.md, "Chat attachment"). */
export type MediaKind = 'image' | 'video' | 'audio' | 'text' | 'document';
export function mediaKindOf(mediaType: string): MediaKind {
  const top = mediaType.split('/')[0]?.toLowerCase();
  return top === 'image' || top === 'video' || top === 'audio' || top === 'text' ? top : 'document';
}

/** A text file is sent as a file to open, like any other document; typed text is TEXT. */
export const chatTypeOfKind: Record<MediaKind, ChatType> = {
  image: 'IMAGE',
  video: 'VIDEO',
  audio: 'AUDIO',
  text: 'DOCUMENT',
  document: 'DOCUMENT',
};

export const chatMessages = {
  alreadyJoined: 'You are already subscribed to this chat room',
  notJoined: 'Join this chat room to read and send messages.',
  joined: (name: string) => `You joined ${name}.`,
  left: (name: string) => `You left ${name}.`,
  roomNotFound: 'This chat room does not exist.',
  uploadFailed: 'Could not upload media',
  tooFast: 'You are sending messages too fast. Wait a few seconds and try again.',
  mediaNotOurs: 'Attachments must be uploaded to PlayOn first.',
  /** `until` as the player reads it, in Nairobi's time: '24 Nov, 14:30'. */
  muted: (until: string) =>
    `A moderator muted you in this room until ${until}. You can read messages, but not send them until then.`,
} as const;

/** /ws: a moderator hid this message of a room the player belongs to; the room stops showing it. */
export const ChatHiddenMessageSchema = z.object({
  type: z.literal('chat-hidden'),
  chatRoomUid: z.string(),
  chatRoomId: z.number(),
  messageId: z.string(),
});
export type ChatHiddenMessage = z.infer<typeof ChatHiddenMessageSchema>;

/**
 * /ws: a room's counts changed (someone joined or left, a member opened or closed the app), to the
 * room's members, so a room header and the rooms list show them live. Several changes close together
 * arrive as one.
 */
export const ChatCountsMessageSchema = z.object({
  type: z.literal('chat-counts'),
  chatRoomId: z.number().int(),
  memberCount: z.number().int(),
  onlineMemberCount: z.number().int(),
});
export type ChatCountsMessage = z.infer<typeof ChatCountsMessageSchema>;
