import { z } from 'zod';
import { ChatCountsMessageSchema, ChatHiddenMessageSchema, ChatMessageSchema } from './chat.ts';
import { PlayerNotificationSchema } from './notifications.ts';
import { TaskMessageSchema } from './payments.ts';

/**
 * Everything /ws sends (docs/api.md): `ready` once the player counts as online; `task` a payment
 * intent's status; `chat` a new message in a room the player belongs to; `chat-hidden` a
 * message of such a room a moderator hid, which the room stops showing at once; `chat-counts`
 * such a room's member and online counts;
 * `notification` one just stored for them; `subscribed` that the socket now follows a topic (what it
 * missed before, it reads over HTTP); `leaderboard` that a tournament's ranking changed, to the sockets
 * following its topic, which read the pages they show again.
 */
export const RealtimeMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  TaskMessageSchema,
  z.object({ type: z.literal('chat'), message: ChatMessageSchema }),
  ChatHiddenMessageSchema,
  ChatCountsMessageSchema,
  z.object({ type: z.literal('notification'), notification: PlayerNotificationSchema }),
  z.object({ type: z.literal('subscribed'), topic: z.string() }),
  z.object({ type: z.literal('leaderboard'), tournamentId: z.number().int().positive() }),
]);
export type RealtimeMessage = z.infer<typeof RealtimeMessageSchema>;

/** A topic a socket may follow: what everyone may read anyway (a tournament's leaderboard). */
export const RealtimeTopicSchema = z.string().regex(/^leaderboard:[1-9]\d{0,9}$/);
export const leaderboardTopic = (tournamentId: number) => `leaderboard:${tournamentId}`;

/** What a client may send on /ws: follow a topic while a screen shows it, and stop. */
export const RealtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), topic: RealtimeTopicSchema }),
  z.object({ type: z.literal('unsubscribe'), topic: RealtimeTopicSchema }),
]);
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessageSchema>;
