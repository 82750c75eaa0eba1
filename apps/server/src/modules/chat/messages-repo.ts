import type { ChatType } from '@playon/shared/chat';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { chatMedia, chatMessages } from './schema.ts';

export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** What players see of a room: its messages but those a moderator hid. */
const shownIn = (roomId: number) => and(eq(chatMessages.roomId, roomId), isNull(chatMessages.hiddenAt));

/** Messages, oldest first, and the attachments they may point at. */
export function createMessagesRepo(db: Db) {
  return {
    /** The stored message, or undefined when the sender already stored one under this Idempotency-Key. */
    async insert(
      message: { roomId: number; uid: string; message: string; chatType: ChatType; idempotencyKey?: string },
      tx: Db = db,
    ): Promise<ChatMessageRow | undefined> {
      const [row] = await tx
        .insert(chatMessages)
        .values(message)
        .onConflictDoNothing({ target: [chatMessages.uid, chatMessages.idempotencyKey] })
        .returning();
      return row;
    },
    /** The message this player sent under this Idempotency-Key, if any. */
    async sentUnderKey(uid: string, idempotencyKey: string, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.uid, uid), eq(chatMessages.idempotencyKey, idempotencyKey)));
      return row;
    },
    async countInRoom(roomId: number, tx: Db = db) {
      const [row] = await tx.select({ total: count() }).from(chatMessages).where(shownIn(roomId));
      return Number(row?.total ?? 0);
    },
    /** Walks the (room, created_at, id) index from the oldest message. */
    pageInRoom(roomId: number, offset: number, limit: number, tx: Db = db) {
      return tx
        .select()
        .from(chatMessages)
        .where(shownIn(roomId))
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
        .offset(offset)
        .limit(limit);
    },
    async insertMedia(media: typeof chatMedia.$inferInsert, tx: Db = db) {
      await tx.insert(chatMedia).values(media);
    },
    /** The attachment at `url` if this player uploaded it to this room. */
    async mediaOf(url: string, roomId: number, uid: string, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(chatMedia)
        .where(and(eq(chatMedia.url, url), eq(chatMedia.roomId, roomId), eq(chatMedia.uid, uid)));
      return row;
    },
  };
}

export type MessagesRepo = ReturnType<typeof createMessagesRepo>;
