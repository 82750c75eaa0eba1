import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { chatMedia, chatMembers, chatMessages, chatMutes, chatRooms } from './schema.ts';

/**
 * What chat holds on one player, for a data request under Kenya's Data Protection Act:
 * their messages, rooms and attachments to export, and their erasure for a deletion.
 */
export function createChatPlayerData(db: Db) {
  return {
    /** Oldest first, with the room's name. */
    messagesOf(uid: string) {
      return db
        .select({
          id: chatMessages.id,
          room: chatRooms.name,
          message: chatMessages.message,
          chatType: chatMessages.chatType,
          createdAt: chatMessages.createdAt,
        })
        .from(chatMessages)
        .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
        .where(eq(chatMessages.uid, uid))
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
    },

    roomsOf(uid: string) {
      return db
        .select({ room: chatRooms.name, joinedAt: chatMembers.joinedAt })
        .from(chatMembers)
        .innerJoin(chatRooms, eq(chatRooms.id, chatMembers.roomId))
        .where(eq(chatMembers.uid, uid))
        .orderBy(asc(chatMembers.joinedAt));
    },

    /** Moderators' mutes of the player, with why (the moderator's own e-mail is not the player's data). */
    mutesOf(uid: string) {
      return db
        .select({
          room: chatRooms.name,
          until: chatMutes.until,
          reason: chatMutes.reason,
          createdAt: chatMutes.createdAt,
        })
        .from(chatMutes)
        .innerJoin(chatRooms, eq(chatRooms.id, chatMutes.roomId))
        .where(eq(chatMutes.uid, uid))
        .orderBy(asc(chatMutes.createdAt));
    },

    /** The attachments they uploaded, sent or not. */
    mediaOf(uid: string, tx: Db = db) {
      return tx
        .select({
          url: chatMedia.url,
          mediaType: chatMedia.mediaType,
          sizeBytes: chatMedia.sizeBytes,
          createdAt: chatMedia.createdAt,
        })
        .from(chatMedia)
        .where(eq(chatMedia.uid, uid))
        .orderBy(asc(chatMedia.createdAt));
    },

    /**
     * Their messages, memberships, mutes and attachment records gone; resolves to the counts and the
     * attachments' addresses, whose files the uploads remove once this commits.
     */
    async eraseOf(uid: string, tx: Db) {
      const media = await tx
        .delete(chatMedia)
        .where(eq(chatMedia.uid, uid))
        .returning({ url: chatMedia.url });
      const messages = await tx
        .delete(chatMessages)
        .where(eq(chatMessages.uid, uid))
        .returning({ id: chatMessages.id });
      const memberships = await tx
        .delete(chatMembers)
        .where(eq(chatMembers.uid, uid))
        .returning({ roomId: chatMembers.roomId });
      await tx.delete(chatMutes).where(eq(chatMutes.uid, uid));
      return {
        messages: messages.length,
        memberships: memberships.length,
        mediaUrls: media.map((row) => row.url),
      };
    },
  };
}

export type ChatPlayerData = ReturnType<typeof createChatPlayerData>;
