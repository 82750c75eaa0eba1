import { chatTypes } from '@playon/shared/chat';
import { z } from 'zod';

export const ChatRoomSchema = z.object({
  id: z.number().int(),
  chatRoomUid: z.string(),
  name: z.string(),
  icon: z.string(),
  memberCount: z.number().int(),
  onlineMemberCount: z.number().int(),
  subscribed: z.boolean(),
});

export const ChatMessageSchema = z.object({
  id: z.string(),
  userId: z.string(),
  chatRoomId: z.number().int(),
  message: z.string(),
  chatType: z.enum(chatTypes),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const ChatPageSchema = z.object({
  content: z.array(ChatMessageSchema),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
  pageable: z.object({ pageNumber: z.number().int(), pageSize: z.number().int() }),
});
