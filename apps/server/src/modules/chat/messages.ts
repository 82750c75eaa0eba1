import {
  type ChatListRequestSchema,
  type ChatMessage,
  type ChatPage,
  type ChatSendRequestSchema,
  type ChatType,
  chatMessages,
  chatTypeOfKind,
  mediaKindOf,
} from '@playon/shared/chat';
import { messages as appMessages } from '@playon/shared/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { keyReusedMessage } from '../../platform/idempotency/index.ts';
import type { Realtime } from '../realtime/service.ts';
import type { FloodLimit } from './flood-limit.ts';
import type { ChatMessageRow, MessagesRepo } from './messages-repo.ts';
import type { RoomsRepo } from './rooms-repo.ts';

interface ChatMessagesDeps {
  db: Db;
  rooms: RoomsRepo;
  messages: MessagesRepo;
  realtime: Pick<Realtime, 'sendToPlayers'>;
  flood: FloodLimit;
  log: Pick<FastifyBaseLogger, 'warn'>;
  assertMember(uid: string, roomId: number): Promise<unknown>;
  /** Until when a moderator muted the player in the room, if they are muted now. */
  mutedUntil(roomId: number, uid: string, tx: Db): Promise<Date | undefined>;
}

/** A mute's end as a player in Kenya reads it: '24 Nov, 14:30'. */
const nairobiTime = (at: Date) =>
  at.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Nairobi',
  });

export function toChatMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    userId: row.uid,
    chatRoomId: row.roomId,
    message: row.message,
    chatType: row.chatType,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Sending and reading a room's messages, and the attachments a message may point at. */
export function createChatMessages({
  db,
  rooms,
  messages,
  realtime,
  flood,
  log,
  assertMember,
  mutedUntil,
}: ChatMessagesDeps) {
  /**
   * A media message names an attachment the sender uploaded to this room; its type is the one
   * judged from the file's bytes at upload, whatever the client said.
   */
  async function attachmentType(uid: string, roomId: number, url: string): Promise<ChatType> {
    const media = await messages.mediaOf(url, roomId, uid);
    if (!media) throw new AppError('BAD_REQUEST', chatMessages.mediaNotOurs);
    return chatTypeOfKind[mediaKindOf(media.mediaType)];
  }

  /**
   * Text is stored exactly as typed and goes out as JSON: clients show it as text, never as HTML.
   * A send under an Idempotency-Key the player already used is answered with the message it stored,
   * counted against no limit and delivered again to no one (ADR 0050).
   */
  async function send(
    uid: string,
    request: z.output<typeof ChatSendRequestSchema>,
    idempotencyKey?: string,
  ): Promise<ChatMessage> {
    const { chatRoomId, message } = request;
    const sentBefore = idempotencyKey && (await messages.sentUnderKey(uid, idempotencyKey));
    if (sentBefore) return sameSendOrRefuse(sentBefore, request);
    await assertMember(uid, chatRoomId);
    await refuseIfMuted(chatRoomId, uid, db);
    const chatType = request.chatType === 'TEXT' ? 'TEXT' : await attachmentType(uid, chatRoomId, message);
    if (!(await flood.take(uid))) throw new AppError('RATE_LIMITED', chatMessages.tooFast);
    // Stored under the member's and the account's rows, shared: a mute takes the first alone
    // (ops/moderation-actions.ts), a disable the second (operator/players/account-actions.ts), so one
    // answered before this send is seen here, and one asked meanwhile waits until it is stored (ADR
    // 0072). A token checked before a disable ended its session gets here too.
    const row = await db.transaction(async (tx) => {
      const sender = await rooms.holdSender(chatRoomId, uid, tx);
      if (!sender) throw new AppError('FORBIDDEN', chatMessages.notJoined);
      if (sender.isDisabled) throw new AppError('UNAUTHENTICATED', appMessages.notLoggedIn);
      await refuseIfMuted(chatRoomId, uid, tx);
      return messages.insert({ roomId: chatRoomId, uid, message, chatType, idempotencyKey }, tx);
    });
    // A repeat sent while the first was still running: the first stores and delivers the message.
    if (!row) return sameSendOrRefuse(await storedUnderKey(uid, idempotencyKey), request);
    const stored = toChatMessage(row);
    try {
      // Every member with the app open, on any instance; the others read it when they open the room.
      await realtime.sendToPlayers(await rooms.memberUids(chatRoomId), { type: 'chat', message: stored });
    } catch (err) {
      log.warn({ err, chatRoomId }, 'chat message stored but not delivered live');
    }
    return stored;
  }

  async function refuseIfMuted(roomId: number, uid: string, tx: Db) {
    const muted = await mutedUntil(roomId, uid, tx);
    if (muted) throw new AppError('FORBIDDEN', chatMessages.muted(nairobiTime(muted)));
  }

  async function storedUnderKey(uid: string, idempotencyKey: string | undefined): Promise<ChatMessageRow> {
    const row = idempotencyKey && (await messages.sentUnderKey(uid, idempotencyKey));
    if (!row) throw new Error('chat message insert conflicted on a key that holds no message');
    return row;
  }

  /** A key names one message: reused for another room or other text, it is the client's mistake. */
  function sameSendOrRefuse(row: ChatMessageRow, request: z.output<typeof ChatSendRequestSchema>) {
    if (row.roomId !== request.chatRoomId || row.message !== request.message)
      throw new AppError('CONFLICT', keyReusedMessage);
    return toChatMessage(row);
  }

  /** Pages count from the oldest message; without `page`, the last one, where the room opens. */
  async function page(uid: string, request: z.output<typeof ChatListRequestSchema>): Promise<ChatPage> {
    const { chatRoomId, pageSize } = request;
    await assertMember(uid, chatRoomId);
    const totalElements = await messages.countInRoom(chatRoomId);
    const totalPages = Math.max(1, Math.ceil(totalElements / pageSize));
    const pageNumber = request.page ?? totalPages - 1;
    const rows = await messages.pageInRoom(chatRoomId, pageNumber * pageSize, pageSize);
    return {
      content: rows.map(toChatMessage),
      totalPages,
      totalElements,
      pageable: { pageNumber, pageSize },
    };
  }

  /** An upload to a room, so a message can point at it (uploads checks membership first). */
  async function recordMedia(media: {
    url: string;
    roomId: number;
    uid: string;
    mediaType: string;
    sizeBytes: number;
  }) {
    await messages.insertMedia(media);
  }

  return { send, page, recordMedia };
}
