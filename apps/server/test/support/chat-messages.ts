import { randomUUID } from 'node:crypto';
import { chatMessages, chatRooms } from '../../src/modules/chat/schema.ts';
import type { Db } from '../../src/platform/db.ts';

/** A room of a test's own, as an operator would add one. */
export async function createRoom(db: Db, name = `Test room ${randomUUID().slice(0, 8)}`) {
  const [room] = await db
    .insert(chatRooms)
    .values({ chatRoomUid: randomUUID(), name, icon: '/content/chat-icons/general.svg' })
    .returning();
  if (!room) throw new Error('room insert returned nothing');
  return room;
}

/**
 * `count` messages from `uid`, 'message 1' the oldest, a second apart: a conversation older than
 * the flood limit would let one player write through the API in a test.
 */
export async function seedMessages(db: Db, roomId: number, uid: string, count: number) {
  const start = Date.now() - count * 1000;
  await db.insert(chatMessages).values(
    Array.from({ length: count }, (_, i) => ({
      roomId,
      uid,
      message: `message ${i + 1}`,
      chatType: 'TEXT' as const,
      createdAt: new Date(start + i * 1000),
      updatedAt: new Date(start + i * 1000),
    })),
  );
}
