import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { demoConversations, demoRoomMembers } from './demo-content.ts';
import { chatMembers, chatMessages, chatRooms } from './schema.ts';

/** A demo player as the tournaments module seeded them. */
export interface DemoPlayer {
  uid: string;
  username: string;
}

/**
 * DEMO_CONTENT only: the demo players join the seeded rooms and say a few things there, so a
 * newcomer's first look at chat shows members and a conversation. Idempotent: memberships by key; a
 * room's conversation is written only while none of its demo speakers has said anything there (an
 * operator's edits, hidden messages and players who left are kept). Times are relative to `now`.
 */
export async function seedChatDemo(db: Db, players: readonly DemoPlayer[], now: Date) {
  if (players.length === 0) return;
  const uidOf = new Map(players.map((player) => [player.username, player.uid]));
  const rooms = await db
    .select({ id: chatRooms.id, seedKey: chatRooms.seedKey })
    .from(chatRooms)
    .where(inArray(chatRooms.seedKey, Object.keys(demoRoomMembers)));
  for (const room of rooms) {
    const seedKey = room.seedKey as string;
    const wanted = demoRoomMembers[seedKey];
    const members =
      wanted === '*' ? [...uidOf.values()] : (wanted ?? []).flatMap((name) => uidOf.get(name) ?? []);
    const lines = (demoConversations[seedKey] ?? []).flatMap((line) => {
      const uid = uidOf.get(line.username);
      return uid ? [{ ...line, uid }] : [];
    });
    await db.transaction(async (tx) => {
      if (members.length > 0) {
        await tx
          .insert(chatMembers)
          .values(members.map((uid) => ({ roomId: room.id, uid })))
          .onConflictDoNothing();
      }
      const speakers = [...new Set(lines.map((line) => line.uid))];
      if (speakers.length === 0) return;
      const [said] = await tx
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.roomId, room.id), inArray(chatMessages.uid, speakers)))
        .limit(1);
      if (said) return;
      await tx.insert(chatMessages).values(
        lines.map((line) => {
          const at = new Date(now.getTime() - line.minutesAgo * 60_000);
          return {
            roomId: room.id,
            uid: line.uid,
            message: line.message,
            chatType: 'TEXT' as const,
            createdAt: at,
            updatedAt: at,
          };
        }),
      );
    });
  }
}
