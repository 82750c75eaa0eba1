import { chatMessages } from '@playon/shared/chat';
import {
  type ModerationMessage,
  type ModerationRoom,
  type Mute,
  type MuteRequest,
  moderationMessages,
} from '@playon/shared/ops-community';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Actor, AuditLog } from '../../operator/service.ts';
import type { Realtime } from '../../realtime/service.ts';
import { type ChatMuteRow, createModerationRepo } from '../moderation-repo.ts';
import { createRoomsRepo } from '../rooms-repo.ts';

type Names = Map<string, { name: string | null; username: string | null }>;

export interface ChatModerationDeps {
  db: Db;
  realtime: Pick<Realtime, 'sendToPlayers'>;
  audit: Pick<AuditLog, 'record'>;
  /** Senders' names, from profiles (chat is built on them, ADR 0021). */
  namesOf(uids: string[]): Promise<Names>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

interface Paging {
  q?: string | undefined;
  page: number;
  pageSize: number;
}

/**
 * Chat moderation: every message of a room (hidden ones too), hiding one (it goes from
 * every member's open room at once, over the one Realtime service), and muting a player in a room
 * for a time. Each change is written with its audit entry in one transaction.
 */
export function createChatModeration({ db, realtime, audit, namesOf, log }: ChatModerationDeps) {
  const repo = createModerationRepo(db);
  const rooms = createRoomsRepo(db);

  async function roomOf(chatRoomUid: string) {
    const room = await repo.roomByUid(chatRoomUid);
    if (!room) throw new AppError('NOT_FOUND', chatMessages.roomNotFound);
    return room;
  }

  const toMute = (chatRoomUid: string, row: ChatMuteRow, names: Names): Mute => ({
    chatRoomUid,
    uid: row.uid,
    playerName: names.get(row.uid)?.name ?? names.get(row.uid)?.username ?? null,
    until: row.until.toISOString(),
    reason: row.reason,
    byEmail: row.byEmail,
    createdAt: row.createdAt.toISOString(),
  });

  async function listRooms(paging: Paging & { chatRoomUid?: string }) {
    const { rows, total } = await repo.rooms(paging);
    const items: ModerationRoom[] = rows.map(({ room, memberCount, mutedCount, lastMessageAt }) => ({
      id: room.id,
      chatRoomUid: room.chatRoomUid,
      name: room.name,
      archived: room.archivedAt !== null,
      memberCount,
      mutedCount,
      lastMessageAt: lastMessageAt?.toISOString() ?? null,
    }));
    return { items, total, page: paging.page, pageSize: paging.pageSize };
  }

  async function room(chatRoomUid: string): Promise<ModerationRoom> {
    const [found] = (await listRooms({ chatRoomUid, page: 1, pageSize: 1 })).items;
    if (!found) throw new AppError('NOT_FOUND', chatMessages.roomNotFound);
    return found;
  }

  type MessageRow = Awaited<ReturnType<typeof repo.messages>>['rows'][number];
  const toMessage = ({ message, senderMutedUntil }: MessageRow, names: Names): ModerationMessage => ({
    id: message.id,
    chatRoomId: message.roomId,
    uid: message.uid,
    senderName: names.get(message.uid)?.name ?? null,
    senderUsername: names.get(message.uid)?.username ?? null,
    message: message.message,
    chatType: message.chatType,
    createdAt: message.createdAt.toISOString(),
    hiddenAt: message.hiddenAt?.toISOString() ?? null,
    hiddenReason: message.hiddenReason,
    senderMutedUntil: senderMutedUntil?.toISOString() ?? null,
  });

  async function listMessages(chatRoomUid: string, paging: Paging & { show: 'shown' | 'hidden' | 'all' }) {
    const room = await roomOf(chatRoomUid);
    const { rows, total } = await repo.messages(room.id, paging);
    const names = await namesOf(rows.map(({ message }) => message.uid));
    return {
      items: rows.map((row) => toMessage(row, names)),
      total,
      page: paging.page,
      pageSize: paging.pageSize,
    };
  }

  /** Hidden for good: players' pages leave it out, and every member with the room open loses it now. */
  async function hide(actor: Actor, chatRoomUid: string, messageId: string, reason: string) {
    const room = await roomOf(chatRoomUid);
    await db.transaction(async (tx) => {
      const message = await repo.lockMessage(room.id, messageId, tx);
      if (!message) throw new AppError('NOT_FOUND', moderationMessages.messageNotFound);
      if (message.hiddenAt) throw new AppError('CONFLICT', moderationMessages.alreadyHidden);
      const hidden = await repo.hide(messageId, reason, tx);
      await audit.record(tx, actor, {
        action: 'chat.hide-message',
        targetType: 'chat-message',
        targetId: messageId,
        reason,
        before: { room: room.name, sender: message.uid, message: message.message, hiddenAt: null },
        after: { hiddenAt: hidden?.hiddenAt },
      });
    });
    try {
      await realtime.sendToPlayers(await rooms.memberUids(room.id), {
        type: 'chat-hidden',
        chatRoomUid: room.chatRoomUid,
        chatRoomId: room.id,
        messageId,
      });
    } catch (err) {
      // Hidden all the same: the room leaves it out of every page from now on.
      log.warn({ err, chatRoomUid, messageId }, 'chat message hidden but not removed live');
    }
    const { rows } = await repo.messages(room.id, { id: messageId, page: 1, pageSize: 1, show: 'all' });
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND', moderationMessages.messageNotFound);
    return toMessage(row, await namesOf([row.message.uid]));
  }

  /** Their messages to this room are refused until the time is up; muting again replaces the time. */
  async function mute(actor: Actor, chatRoomUid: string, input: MuteRequest): Promise<Mute> {
    const room = await roomOf(chatRoomUid);
    if (!(await repo.identityExists(input.userId)))
      throw new AppError('NOT_FOUND', moderationMessages.playerNotFound, {
        userId: moderationMessages.playerNotFound,
      });
    const row = await db.transaction(async (tx) => {
      // Alone on the member's row: a send in flight is stored before this mute, any later one sees it.
      await rooms.holdMembership(room.id, input.userId, tx);
      const before = await repo.lockMute(room.id, input.userId, tx);
      const saved = await repo.mute(
        {
          roomId: room.id,
          uid: input.userId,
          minutes: input.minutes,
          reason: input.reason,
          byEmail: actor.email,
        },
        tx,
      );
      await audit.record(tx, actor, {
        action: 'chat.mute',
        targetType: 'user',
        targetId: input.userId,
        reason: input.reason,
        before: { room: room.name, mutedUntil: before && before.until > new Date() ? before.until : null },
        after: { room: room.name, mutedUntil: saved.until, minutes: input.minutes },
      });
      return saved;
    });
    return toMute(room.chatRoomUid, row, await namesOf([row.uid]));
  }

  async function lift(actor: Actor, chatRoomUid: string, uid: string, reason: string): Promise<Mute> {
    const room = await roomOf(chatRoomUid);
    const row = await db.transaction(async (tx) => {
      const before = await repo.lockMute(room.id, uid, tx);
      const lifted = await repo.lift(room.id, uid, tx);
      if (!before || !lifted) throw new AppError('NOT_FOUND', moderationMessages.notMuted);
      await audit.record(tx, actor, {
        action: 'chat.lift-mute',
        targetType: 'user',
        targetId: uid,
        reason,
        before: { room: room.name, mutedUntil: before.until },
        after: { room: room.name, mutedUntil: lifted.until },
      });
      return lifted;
    });
    return toMute(room.chatRoomUid, row, await namesOf([row.uid]));
  }

  async function listMutes(chatRoomUid: string, paging: Paging) {
    const room = await roomOf(chatRoomUid);
    const { rows, total } = await repo.activeMutes(room.id, paging);
    const names = await namesOf(rows.map((row) => row.uid));
    return {
      items: rows.map((row) => toMute(room.chatRoomUid, row, names)),
      total,
      page: paging.page,
      pageSize: paging.pageSize,
    };
  }

  return { listRooms, room, listMessages, hide, mute, lift, listMutes };
}

export type ChatModeration = ReturnType<typeof createChatModeration>;
