import type { FastifyBaseLogger } from 'fastify';
import type { Presence, Realtime } from '../realtime/service.ts';
import type { RoomsRepo } from './rooms-repo.ts';

/** Changes to a room's counts closer together than this go out as one message. */
export const ROOM_COUNTS_EVERY_MS = 1000;

interface RoomCountsDeps {
  rooms: Pick<RoomsRepo, 'countsOf' | 'roomIdsOf' | 'memberUids'>;
  realtime: Pick<Realtime, 'sendToPlayers'>;
  presence: Pick<Presence, 'onlineUids'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  everyMs?: number;
}

/**
 * A room's member and online counts told live to its members (`chat-counts` on /ws), so the room
 * header and the rooms list change as players join, leave, open and close the app. Changes are
 * gathered for `everyMs` and each room changed is told once: a busy room costs one message a second,
 * not one per player coming and going. Best effort: a screen reads the counts over HTTP again when
 * its socket comes back.
 */
export function createRoomCounts({
  rooms,
  realtime,
  presence,
  log,
  everyMs = ROOM_COUNTS_EVERY_MS,
}: RoomCountsDeps) {
  const pending = new Set<number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let telling: Promise<void> = Promise.resolve();
  let isClosed = false;

  async function tell(roomIds: number[]) {
    const counts = new Map(
      (await rooms.countsOf(roomIds, await presence.onlineUids())).map((row) => [row.roomId, row]),
    );
    for (const chatRoomId of roomIds) {
      const row = counts.get(chatRoomId);
      await realtime.sendToPlayers(await rooms.memberUids(chatRoomId), {
        type: 'chat-counts',
        chatRoomId,
        memberCount: row?.memberCount ?? 0,
        onlineMemberCount: row?.onlineMemberCount ?? 0,
      });
    }
  }

  function flush() {
    timer = undefined;
    const roomIds = [...pending];
    pending.clear();
    telling = tell(roomIds).catch((err: unknown) =>
      log.warn({ err, roomIds }, 'chat room counts not told live'),
    );
  }

  function changed(roomIds: readonly number[]) {
    if (isClosed) return;
    for (const id of roomIds) pending.add(id);
    if (pending.size > 0 && !timer) {
      timer = setTimeout(flush, everyMs);
      timer.unref();
    }
  }

  /** The player opened or closed the app: the online count of each of their rooms moved. */
  async function cameOrWent(uid: string) {
    try {
      changed(await rooms.roomIdsOf(uid));
    } catch (err) {
      log.warn({ err }, "could not read a player's rooms to tell their online counts");
    }
  }

  return {
    changed,
    /**
     * `presence` as /ws uses it, also telling the player's rooms when they come and go. Told once
     * presence has recorded the change, so the counts read include it.
     */
    watching(presence: Presence): Presence {
      return {
        ...presence,
        connected: async (uid) => {
          await presence.connected(uid);
          void cameOrWent(uid);
        },
        disconnected: async (uid) => {
          await presence.disconnected(uid);
          void cameOrWent(uid);
        },
      };
    },
    /** The app is closing: nothing more is told; what is being told finishes first. */
    async close() {
      isClosed = true;
      clearTimeout(timer);
      pending.clear();
      await telling;
    },
  };
}

export type RoomCounts = ReturnType<typeof createRoomCounts>;
