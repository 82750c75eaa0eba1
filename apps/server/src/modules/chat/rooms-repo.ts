import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { ChatRoomSeed } from './rooms-seed.ts';
import { chatMembers, chatRooms } from './schema.ts';

export type ChatRoomRow = typeof chatRooms.$inferSelect;

/** Rooms and who belongs to them. */
export function createRoomsRepo(db: Db) {
  return {
    /** Idempotent by seed key: an operator's edits to a seeded room are kept. */
    async insertRooms(seeds: readonly ChatRoomSeed[], tx: Db = db) {
      if (seeds.length === 0) return;
      await tx
        .insert(chatRooms)
        .values([...seeds])
        .onConflictDoNothing({ target: chatRooms.seedKey });
    },
    /** Every room by name with its member counts; `online` are the players with the app open. */
    listWithCounts(uid: string, online: readonly string[], tx: Db = db) {
      return tx
        .select({
          room: chatRooms,
          memberCount: sql<number>`count(${chatMembers.uid})::int`,
          onlineMemberCount: sql<number>`(count(${chatMembers.uid}) filter (where ${chatMembers.uid} = any(${sql.param(online)}::text[])))::int`,
          subscribed: sql<boolean>`coalesce(bool_or(${chatMembers.uid} = ${uid}), false)`,
        })
        .from(chatRooms)
        .leftJoin(chatMembers, eq(chatMembers.roomId, chatRooms.id))
        .groupBy(chatRooms.id)
        .orderBy(asc(chatRooms.name), asc(chatRooms.id));
    },
    async byUid(chatRoomUid: string, tx: Db = db) {
      const [row] = await tx.select().from(chatRooms).where(eq(chatRooms.chatRoomUid, chatRoomUid));
      return row;
    },
    async byId(id: number, tx: Db = db) {
      const [row] = await tx.select().from(chatRooms).where(eq(chatRooms.id, id));
      return row;
    },
    async isMember(roomId: number, uid: string, tx: Db = db) {
      const [row] = await tx
        .select({ uid: chatMembers.uid })
        .from(chatMembers)
        .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.uid, uid)));
      return row !== undefined;
    },
    /** Whether the player was not a member before. */
    async join(roomId: number, uid: string, tx: Db = db) {
      const rows = await tx
        .insert(chatMembers)
        .values({ roomId, uid })
        .onConflictDoNothing()
        .returning({ uid: chatMembers.uid });
      return rows.length > 0;
    },
    async leave(roomId: number, uid: string, tx: Db = db) {
      await tx.delete(chatMembers).where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.uid, uid)));
    },
    /** The chatRoomUids of the player's rooms, in the order joined. */
    async roomUidsOf(uid: string, tx: Db = db) {
      const rows = await tx
        .select({ chatRoomUid: chatRooms.chatRoomUid })
        .from(chatMembers)
        .innerJoin(chatRooms, eq(chatRooms.id, chatMembers.roomId))
        .where(eq(chatMembers.uid, uid))
        .orderBy(asc(chatMembers.joinedAt), asc(chatRooms.id));
      return rows.map((row) => row.chatRoomUid);
    },
    async memberUids(roomId: number, tx: Db = db) {
      const rows = await tx
        .select({ uid: chatMembers.uid })
        .from(chatMembers)
        .where(eq(chatMembers.roomId, roomId));
      return rows.map((row) => row.uid);
    },
  };
}

export type RoomsRepo = ReturnType<typeof createRoomsRepo>;
