import type { RealtimeMessage } from '@playon/shared/realtime';
import type { Bus } from '../../platform/bus/index.ts';

/** The bus channel of messages for players' sockets, whichever instance holds them. */
export const PLAYER_CHANNEL = 'realtime.players';

export interface PlayerDelivery {
  uids: string[];
  message: RealtimeMessage;
}

/**
 * What other modules use to reach players live: `sendToPlayers` publishes on the bus, and every
 * instance's /ws hands the message to the sockets it holds for those players. Best effort: a
 * player without the app open reads it over HTTP later.
 */
export function createRealtime(bus: Bus) {
  return {
    async sendToPlayers(uids: readonly string[], message: RealtimeMessage) {
      if (uids.length === 0) return;
      await bus.publish(PLAYER_CHANNEL, { uids: [...uids], message } satisfies PlayerDelivery);
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;

export { createPresence, HEARTBEAT_MS, type Presence } from './presence.ts';
