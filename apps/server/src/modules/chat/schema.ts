import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUser } from '../auth/service.ts';

/** A chat room (docs/product.md, "Chat room"). Seeded by `seed_key`. */
export const chatRooms = pgTable('chat_rooms', {
  id: serial('id').primaryKey(),
  chatRoomUid: text('chat_room_uid').notNull().unique(),
  seedKey: text('seed_key').unique(),
  name: text('name').notNull(),
  /** The name in Kiswahili; null: the name reads the same in both (a game's name). */
  nameSw: text('name_sw'),
  icon: text('icon').notNull(),
  /** Archived by an operator: off the players' list, closed to joining and sending; messages kept. */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The room a row is part of: it goes with the room. */
const roomColumn = () =>
  integer('room_id')
    .notNull()
    .references(() => chatRooms.id, { onDelete: 'cascade' });

/** The player a row is theirs: it goes with their account. */
const playerColumn = () =>
  text('uid')
    .notNull()
    .references(() => authUser.id, { onDelete: 'cascade' });

export const chatMembers = pgTable(
  'chat_members',
  {
    roomId: roomColumn(),
    uid: playerColumn(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.uid] }), index('chat_members_uid_idx').on(t.uid)],
);

/**
 * A chat message (docs/product.md, "Chat message"). Pages count from the oldest: ordered by
 * (created_at, id).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: roomColumn(),
    uid: playerColumn(),
    message: text('message').notNull(),
    chatType: text('chat_type', { enum: ['TEXT', 'IMAGE', 'VIDEO', 'AUDIO', 'DOCUMENT'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hidden by a moderator: kept for the record, never shown to players again. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    /**
     * The Idempotency-Key the sender's app named the message with, so a resend stores nothing new
     * (ADR 0050); null for a send without one. Unique per sender: NULLs never collide.
     */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('chat_messages_room_created_idx').on(t.roomId, t.createdAt, t.id),
    // Insight's job folds one day of messages at a time (ADR 0067).
    index('chat_messages_created_idx').on(t.createdAt),
    uniqueIndex('chat_messages_sender_key_idx').on(t.uid, t.idempotencyKey),
    check('chat_messages_type_known', sql`${t.chatType} in ('TEXT', 'IMAGE', 'VIDEO', 'AUDIO', 'DOCUMENT')`),
  ],
);

/** Every chat attachment uploaded: a media message may only point at one of the sender's, for that room. */
export const chatMedia = pgTable('chat_media', {
  url: text('url').primaryKey(),
  roomId: roomColumn(),
  uid: playerColumn(),
  mediaType: text('media_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A player muted in a room by a moderator: their messages to it are refused until `until`. One row
 * per player and room; muting again replaces it, lifting it sets `until` to the moment it was lifted.
 */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    roomId: roomColumn(),
    uid: playerColumn(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    byEmail: text('by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.uid] })],
);
