import type { RealtimeMessage } from '@playon/shared/realtime';
import type { Bus } from '../../platform/bus/index.ts';
import { batchOnNextTurn } from '../../platform/next-turn.ts';

/** The bus channel of messages for players' sockets, whichever instance holds them. */
export const PLAYER_CHANNEL = 'realtime.players';
/** The bus channel of messages for the sockets following a topic (RealtimeTopicSchema). */
export const TOPIC_CHANNEL = 'realtime.topics';

export interface PlayerDelivery {
  uids: string[];
  message: RealtimeMessage;
}

/** The players' deliveries asked for during one turn of the event loop, as one bus message. */
export interface PlayerDeliveries {
  deliveries: PlayerDelivery[];
}

/** A player channel's message: deliveries together, or one alone (as instances before them send it). */
export const deliveriesOf = (message: unknown): PlayerDelivery[] =>
  typeof message === 'object' && message !== null && 'deliveries' in message
    ? (message as PlayerDeliveries).deliveries
    : [message as PlayerDelivery];

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
  // What is sent during one turn (the endings of a group of payments, their notices) is one bus
  // message, which every instance reads once, instead of one message each (ADR 0061).
  const publishTogether = batchOnNextTurn(async (deliveries: PlayerDelivery[]) => {
    await bus.publish(PLAYER_CHANNEL, { deliveries } satisfies PlayerDeliveries);
    return deliveries.map(() => undefined);
  });
  return {
    async sendToPlayers(uids: readonly string[], message: RealtimeMessage) {
      if (uids.length === 0) return;
      await publishTogether({ uids: [...uids], message });
    },
    /** To every socket following `topic`, on any instance; nobody following costs one bus message. */
    async sendToTopic(topic: string, message: RealtimeMessage) {
      await bus.publish(TOPIC_CHANNEL, { topic, message } satisfies TopicDelivery);
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;

export { createPresence, HEARTBEAT_MS, type Presence } from './presence.ts';
