import type { ChatMessage } from './chat.ts';
import type { PlayerNotification } from './notifications.ts';

/**
 * Everything /ws sends (spec-deviations #6). `task` is a payment intent's status (issue 3);
 * `chat` a new message in a room the player belongs to; `notification` one just stored for them.
 */
export type RealtimeMessage =
  | { type: 'ready' }
  | { type: 'task'; id: string; status: string; message: string }
  | { type: 'chat'; message: ChatMessage }
  | { type: 'notification'; notification: PlayerNotification };
