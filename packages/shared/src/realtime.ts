import { z } from 'zod';
import { ChatHiddenMessageSchema, ChatMessageSchema } from './chat.ts';
import { PlayerNotificationSchema } from './notifications.ts';
import { TaskMessageSchema } from './payments.ts';

/**
 * Everything /ws sends (spec-deviations #6): `ready` once the player counts as online; `task` a payment
 * intent's status (issue 3); `chat` a new message in a room the player belongs to; `chat-hidden` a
 * message of such a room a moderator hid (issue 13), which the room stops showing at once;
 * `notification` one just stored for them.
 */
export const RealtimeMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  TaskMessageSchema,
  z.object({ type: z.literal('chat'), message: ChatMessageSchema }),
  ChatHiddenMessageSchema,
  z.object({ type: z.literal('notification'), notification: PlayerNotificationSchema }),
]);
export type RealtimeMessage = z.infer<typeof RealtimeMessageSchema>;
