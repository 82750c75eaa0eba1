import { type ChatRoom, chatMessages } from '@playon/shared/chat';
import type { Language } from '@playon/shared/i18n/language';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Player } from '../auth/service.ts';
import type { ProfileService } from '../profile/service.ts';
import type { Presence, Realtime } from '../realtime/service.ts';
import { type DemoPlayer, seedChatDemo } from './demo.ts';
import type { FloodLimit } from './flood-limit.ts';
import { judgeMedia } from './media-rules.ts';
import { createChatMessages } from './messages.ts';
import { createMessagesRepo } from './messages-repo.ts';
import { createModerationRepo } from './moderation-repo.ts';
import { createRoomCounts } from './room-counts.ts';
import { createRoomsRepo } from './rooms-repo.ts';
import { chatRoomSeeds } from './rooms-seed.ts';

export interface ChatServiceDeps {
  db: Db;
  realtime: Pick<Realtime, 'sendToPlayers'>;
  presence: Pick<Presence, 'onlineUids'>;
  /** The updated profile that join and leave answer with. */
  profiles: Pick<ProfileService, 'logIn'>;
  flood: FloodLimit;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** How long changes to a room's counts are gathered before its members are told (room-counts.ts). */
  countsEveryMs?: number;
}

/** Chat rooms (docs/product.md, "Chat rooms screen" and "Chat room screen"): membership, messages, attachments. */
export function createChatService(deps: ChatServiceDeps) {
  const rooms = createRoomsRepo(deps.db);
  const counts = createRoomCounts({
    rooms,
    realtime: deps.realtime,
    presence: deps.presence,
    log: deps.log,
    ...(deps.countsEveryMs === undefined ? {} : { everyMs: deps.countsEveryMs }),
  });

  async function roomByUid(chatRoomUid: string) {
    const room = await rooms.byUid(chatRoomUid);
    if (!room) throw new AppError('NOT_FOUND', chatMessages.roomNotFound);
    return room;
  }

  /** Reading, sending and uploading are for members: 404 for no such room, 403 for a non-member. */
  async function assertMember(uid: string, roomId: number) {
    const room = await rooms.byId(roomId);
    if (!room) throw new AppError('NOT_FOUND', chatMessages.roomNotFound);
    if (!(await rooms.isMember(roomId, uid))) throw new AppError('FORBIDDEN', chatMessages.notJoined);
    return room;
  }

  /** Every room, named in `language` (its Kiswahili name when it has one). */
  async function listRooms(uid: string, language: Language = 'en'): Promise<ChatRoom[]> {
    const rows = await rooms.listWithCounts(uid, await deps.presence.onlineUids());
    return rows.map(({ room, memberCount, onlineMemberCount, subscribed }) => ({
      id: room.id,
      chatRoomUid: room.chatRoomUid,
      name: nameIn(room, language),
      icon: room.icon,
      memberCount,
      onlineMemberCount,
      subscribed,
    }));
  }

  /** A room's name as a reader of `language` knows it: its Kiswahili name when it has one. */
  const nameIn = (room: { name: string; nameSw: string | null }, language: Language) =>
    (language === 'sw' && room.nameSw) || room.name;

  /**
   * Join and leave say the room's name in the reader's language: the sentence is translated at the
   * envelope (ADR 0032), the name inside it is the room's own Kiswahili one.
   */
  async function join(player: Player, chatRoomUid: string, language: Language = 'en') {
    const room = await roomByUid(chatRoomUid);
    if (!(await rooms.join(room.id, player.uid))) throw new AppError('CONFLICT', chatMessages.alreadyJoined);
    counts.changed([room.id]);
    const { profile } = await deps.profiles.logIn(player);
    return { profile, statusMessage: chatMessages.joined(nameIn(room, language)) };
  }

  /** Leaving a room one is not in changes nothing and is no error. */
  async function leave(player: Player, chatRoomUid: string, language: Language = 'en') {
    const room = await roomByUid(chatRoomUid);
    await rooms.leave(room.id, player.uid);
    counts.changed([room.id]);
    const { profile } = await deps.profiles.logIn(player);
    return { profile, statusMessage: chatMessages.left(nameIn(room, language)) };
  }

  const messages = createChatMessages({
    ...deps,
    rooms,
    messages: createMessagesRepo(deps.db),
    assertMember,
    mutedUntil: createModerationRepo(deps.db).mutedUntil,
  });

  return {
    listRooms,
    join,
    leave,
    assertMember,
    ...messages,
    /** What a chat message may carry: an upload's kind, judged by its bytes (media-rules.ts). */
    judgeMedia,
    seed: () => rooms.insertRooms(chatRoomSeeds),
    /** DEMO_CONTENT only: the demo players in the seeded rooms, with a little conversation (demo.ts). */
    seedDemo: (players: readonly DemoPlayer[]) => seedChatDemo(deps.db, players, new Date()),
    /** Presence as /ws should use it: a member coming or going changes their rooms' online counts live. */
    watchPresence: counts.watching,
    close: async () => void (await Promise.all([deps.flood.close(), counts.close()])),
  };
}

/**
 * The profile's `chatRooms` (the chatRoomUids of the player's rooms), from the database alone: the
 * profile service is given it before the chat service, which is built on profiles, exists.
 */
export function createChatRoomsOf(db: Db) {
  const rooms = createRoomsRepo(db);
  return (uid: string) => rooms.roomUidsOf(uid);
}

export type ChatService = ReturnType<typeof createChatService>;
export { createFloodLimit } from './flood-limit.ts';
/** Chat moderation for the console: hide messages, mute players in a room. */
export { type ChatModeration, createChatModeration } from './ops/moderation-actions.ts';
/** A player's messages, rooms and attachments for a data request, and their erasure. */
export { type ChatPlayerData, createChatPlayerData } from './player-data.ts';
export { CHAT_ICONS_PREFIX } from './rooms-seed.ts';
