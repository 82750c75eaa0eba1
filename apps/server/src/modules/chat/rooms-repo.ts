import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { authUser } from '../auth/service.ts';
import { escapeLike } from '../operator/service.ts';
import type { ChatRoomSeed } from './rooms-seed.ts';
import { chatMembers, chatRooms } from './schema.ts';

export type ChatRoomRow = typeof chatRooms.$inferSelect;

/** Rooms and who belongs to them. */
export function createRoomsRepo(db: Db) {
  return {
    /**
     * Idempotent by seed key: an operator's edits to a seeded room are kept; a room seeded before it
     * had a Kiswahili name gets the seed's.
     */
    async insertRooms(seeds: readonly ChatRoomSeed[], tx: Db = db) {
      if (seeds.length === 0) return;
      await tx
        .insert(chatRooms)
        .values([...seeds])
        .onConflictDoUpdate({
          target: chatRooms.seedKey,
          set: { nameSw: sql`coalesce(${chatRooms.nameSw}, excluded.name_sw)` },
        });
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
        .where(isNull(chatRooms.archivedAt))
        .groupBy(chatRooms.id)
        .orderBy(asc(chatRooms.name), asc(chatRooms.id));
    },
    /** The member and online counts of some rooms, as the rooms list gives them. */
    async countsOf(roomIds: readonly number[], online: readonly string[], tx: Db = db) {
      return await tx
        .select({
          roomId: chatMembers.roomId,
          memberCount: sql<number>`count(*)::int`,
          onlineMemberCount: sql<number>`(count(*) filter (where ${chatMembers.uid} = any(${sql.param(online)}::text[])))::int`,
        })
        .from(chatMembers)
        .where(inArray(chatMembers.roomId, [...roomIds]))
        .groupBy(chatMembers.roomId);
    },
    /** The ids of the player's rooms. */
    async roomIdsOf(uid: string, tx: Db = db) {
      const rows = await tx
        .select({ roomId: chatMembers.roomId })
        .from(chatMembers)
        .where(eq(chatMembers.uid, uid));
      return rows.map((row) => row.roomId);
    },
    /** An open room: an archived one does not exist for players (its messages are kept). */
    async byUid(chatRoomUid: string, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(chatRooms)
        .where(and(eq(chatRooms.chatRoomUid, chatRoomUid), isNull(chatRooms.archivedAt)));
      return row;
    },
    async byId(id: number, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(chatRooms)
        .where(and(eq(chatRooms.id, id), isNull(chatRooms.archivedAt)));
      return row;
    },
    /** The console's list: every room, archived ones too, with its member count; search by name. */
    async opsPage(query: { q?: string | undefined; offset: number; limit: number }, tx: Db = db) {
      const like = query.q ? `%${escapeLike(query.q)}%` : undefined;
      const where = like ? or(ilike(chatRooms.name, like), ilike(chatRooms.chatRoomUid, like)) : undefined;
      const [items, [total]] = await Promise.all([
        tx
          .select({ room: chatRooms, memberCount: sql<number>`count(${chatMembers.uid})::int` })
          .from(chatRooms)
          .leftJoin(chatMembers, eq(chatMembers.roomId, chatRooms.id))
          .where(where)
          .groupBy(chatRooms.id)
          .orderBy(sql`${chatRooms.archivedAt} is not null`, asc(chatRooms.name), asc(chatRooms.id))
          .limit(query.limit)
          .offset(query.offset),
        tx.select({ n: count() }).from(chatRooms).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
    async forUpdate(id: number, tx: Db) {
      const [row] = await tx.select().from(chatRooms).where(eq(chatRooms.id, id)).for('update');
      return row;
    },
    async memberCount(roomId: number, tx: Db) {
      const [row] = await tx.select({ n: count() }).from(chatMembers).where(eq(chatMembers.roomId, roomId));
      return row?.n ?? 0;
    },
    async insertRoom(room: typeof chatRooms.$inferInsert, tx: Db) {
      const [row] = await tx.insert(chatRooms).values(room).returning();
      if (!row) throw new Error('chat room insert returned nothing');
      return row;
    },
    async updateRoom(id: number, fields: Partial<typeof chatRooms.$inferInsert>, tx: Db) {
      const [row] = await tx.update(chatRooms).set(fields).where(eq(chatRooms.id, id)).returning();
      if (!row) throw new Error(`chat room ${id} vanished`);
      return row;
    },
    async isMember(roomId: number, uid: string, tx: Db = db) {
      const [row] = await tx
        .select({ uid: chatMembers.uid })
        .from(chatMembers)
        .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.uid, uid)));
      return row !== undefined;
    },
    /**
     * Holds the player's membership row alone until the transaction ends, for a mute: a send shares
     * it (`holdSender`), so the two never overlap (ADR 0072).
     */
    async holdMembership(roomId: number, uid: string, tx: Db) {
      await tx
        .select({ uid: chatMembers.uid })
        .from(chatMembers)
        .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.uid, uid)))
        .for('update');
    },
    /**
     * Holds, shared until the transaction ends, a sender's membership row and account row: a mute
     * takes the first alone, a disable the second (ADR 0072). Whether the account is disabled;
     * undefined for a non-member.
     */
    async holdSender(roomId: number, uid: string, tx: Db) {
      const [row] = await tx
        .select({ isDisabled: authUser.banned })
        .from(chatMembers)
        .innerJoin(authUser, eq(authUser.id, chatMembers.uid))
        .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.uid, uid)))
        .for('share');
      return row;
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
        .where(and(eq(chatMembers.uid, uid), isNull(chatRooms.archivedAt)))
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
