import { and, asc, count, desc, eq, gt, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { authUser } from '../auth/service.ts';
import { escapeLike } from '../operator/service.ts';
import { chatMembers, chatMessages, chatMutes, chatRooms } from './schema.ts';

export type ChatMuteRow = typeof chatMutes.$inferSelect;

interface Paging {
  q?: string | undefined;
  page: number;
  pageSize: number;
}

// A subquery names the outer row's column in full: drizzle writes a lone table's columns unqualified.
const roomIdOuter = sql.raw('"chat_rooms"."id"');

const offsetOf = (paging: Paging) => (paging.page - 1) * paging.pageSize;

/** What moderators read and change in rooms: every message (hidden ones too) and the mutes. */
export function createModerationRepo(db: Db) {
  return {
    /** Rooms by name, with members, players muted now and the last message's time. */
    async rooms(paging: Paging & { chatRoomUid?: string }) {
      const where = paging.chatRoomUid
        ? eq(chatRooms.chatRoomUid, paging.chatRoomUid)
        : paging.q
          ? ilike(chatRooms.name, `%${escapeLike(paging.q)}%`)
          : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            room: chatRooms,
            memberCount: sql<number>`(select count(*)::int from ${chatMembers} where ${chatMembers.roomId} = ${roomIdOuter})`,
            mutedCount: sql<number>`(select count(*)::int from ${chatMutes} where ${chatMutes.roomId} = ${roomIdOuter} and ${chatMutes.until} > now())`,
            lastMessageAt:
              sql<Date | null>`(select max(${chatMessages.createdAt}) from ${chatMessages} where ${chatMessages.roomId} = ${roomIdOuter})`.mapWith(
                chatMessages.createdAt,
              ),
          })
          .from(chatRooms)
          .where(where)
          .orderBy(asc(chatRooms.name), asc(chatRooms.id))
          .limit(paging.pageSize)
          .offset(offsetOf(paging)),
        db.select({ n: count() }).from(chatRooms).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async roomByUid(chatRoomUid: string) {
      const [row] = await db.select().from(chatRooms).where(eq(chatRooms.chatRoomUid, chatRoomUid));
      return row;
    },

    /** Newest first; `q` matches the text or is the sender's uid; `show` keeps shown, hidden or all. */
    async messages(roomId: number, paging: Paging & { show: 'shown' | 'hidden' | 'all'; id?: string }) {
      const filters: (SQL | undefined)[] = [eq(chatMessages.roomId, roomId)];
      if (paging.id) filters.push(eq(chatMessages.id, paging.id));
      if (paging.show === 'shown') filters.push(isNull(chatMessages.hiddenAt));
      if (paging.show === 'hidden') filters.push(isNotNull(chatMessages.hiddenAt));
      if (paging.q)
        filters.push(
          or(ilike(chatMessages.message, `%${escapeLike(paging.q)}%`), eq(chatMessages.uid, paging.q)),
        );
      const where = and(...filters);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            message: chatMessages,
            senderMutedUntil: sql<Date | null>`(select ${chatMutes.until} from ${chatMutes}
              where ${chatMutes.roomId} = ${sql.raw('"chat_messages"."room_id"')}
                and ${chatMutes.uid} = ${sql.raw('"chat_messages"."uid"')}
                and ${chatMutes.until} > now())`.mapWith(chatMutes.until),
          })
          .from(chatMessages)
          .where(where)
          .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
          .limit(paging.pageSize)
          .offset(offsetOf(paging)),
        db.select({ n: count() }).from(chatMessages).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The message, locked until the transaction ends. */
    async lockMessage(roomId: number, id: string, tx: Db) {
      const [row] = await tx
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.id, id)))
        .for('update');
      return row;
    },
    async hide(id: string, reason: string, tx: Db) {
      const [row] = await tx
        .update(chatMessages)
        .set({ hiddenAt: sql`now()`, hiddenReason: reason })
        .where(and(eq(chatMessages.id, id), isNull(chatMessages.hiddenAt)))
        .returning();
      return row;
    },

    async identityExists(uid: string) {
      const [row] = await db.select({ id: authUser.id }).from(authUser).where(eq(authUser.id, uid));
      return row !== undefined;
    },
    async lockMute(roomId: number, uid: string, tx: Db) {
      const [row] = await tx
        .select()
        .from(chatMutes)
        .where(and(eq(chatMutes.roomId, roomId), eq(chatMutes.uid, uid)))
        .for('update');
      return row;
    },
    /** Mutes the player until `minutes` from the database's now; replaces an earlier mute. */
    async mute(
      mute: { roomId: number; uid: string; minutes: number; reason: string; byEmail: string },
      tx: Db,
    ) {
      const until = sql`now() + ${`${mute.minutes} minutes`}::interval`;
      const [row] = await tx
        .insert(chatMutes)
        .values({ roomId: mute.roomId, uid: mute.uid, until, reason: mute.reason, byEmail: mute.byEmail })
        .onConflictDoUpdate({
          target: [chatMutes.roomId, chatMutes.uid],
          set: { until, reason: mute.reason, byEmail: mute.byEmail, createdAt: sql`now()` },
        })
        .returning();
      if (!row) throw new Error('chat mute upsert returned nothing');
      return row;
    },
    /** Ends the mute now: the row stays, its `until` is the moment it was lifted. */
    async lift(roomId: number, uid: string, tx: Db) {
      const [row] = await tx
        .update(chatMutes)
        .set({ until: sql`now()` })
        .where(and(eq(chatMutes.roomId, roomId), eq(chatMutes.uid, uid), gt(chatMutes.until, sql`now()`)))
        .returning();
      return row;
    },
    /** The players muted in the room now, the mute ending last first; `q` is a uid or the reason. */
    async activeMutes(roomId: number, paging: Paging) {
      const filters: (SQL | undefined)[] = [eq(chatMutes.roomId, roomId), gt(chatMutes.until, sql`now()`)];
      if (paging.q)
        filters.push(or(eq(chatMutes.uid, paging.q), ilike(chatMutes.reason, `%${escapeLike(paging.q)}%`)));
      const where = and(...filters);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(chatMutes)
          .where(where)
          .orderBy(desc(chatMutes.until), asc(chatMutes.uid))
          .limit(paging.pageSize)
          .offset(offsetOf(paging)),
        db.select({ n: count() }).from(chatMutes).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** Until when the player is muted in the room, if they are now (the database's clock). */
    async mutedUntil(roomId: number, uid: string, tx: Db = db) {
      const [row] = await tx
        .select({ until: chatMutes.until })
        .from(chatMutes)
        .where(and(eq(chatMutes.roomId, roomId), eq(chatMutes.uid, uid), gt(chatMutes.until, sql`now()`)));
      return row?.until;
    },
  };
}

export type ModerationRepo = ReturnType<typeof createModerationRepo>;
