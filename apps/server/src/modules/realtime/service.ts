import type { RealtimeMessage } from '@playon/shared/realtime';
import type { Bus } from '../../platform/bus/index.ts';

/** The bus channel of messages for players' sockets, whichever instance holds them. */
export const PLAYER_CHANNEL = 'realtime.players';
/** The bus channel of messages for the sockets following a topic (RealtimeTopicSchema). */
export const TOPIC_CHANNEL = 'realtime.topics';

export interface PlayerDelivery {
  uids: string[];
  message: RealtimeMessage;
}

export interface TopicDelivery {
  topic: string;
  message: RealtimeMessage;
}

/**
 * What other modules use to reach players live: `sendToPlayers` (or `sendToTopic`) publishes on the
 * bus, and every instance's /ws hands the message to the sockets it holds for those players (or
 * following that topic). Best effort: a player without the app open reads it over HTTP later.
 */
export function createRealtime(bus: Bus) {
  return {
    async sendToPlayers(uids: readonly string[], message: RealtimeMessage) {
      if (uids.length === 0) return;
      await bus.publish(PLAYER_CHANNEL, { uids: [...uids], message } satisfies PlayerDelivery);
    },
    /** To every socket following `topic`, on any instance; nobody following costs one bus message. */
    async sendToTopic(topic: string, message: RealtimeMessage) {
      await bus.publish(TOPIC_CHANNEL, { topic, message } satisfies TopicDelivery);
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;

export { createPresence, HEARTBEAT_MS, type Presence } from './presence.ts';
