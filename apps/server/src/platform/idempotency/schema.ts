import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per player and Idempotency-Key: the request's hash, then the response it got. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    playerUid: text('player_uid').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** null while the first request is still in flight. */
    statusCode: integer('status_code'),
    response: jsonb('response'),
    /** Which request holds the key while it runs: only its holder answers or lets go of it. */
    owner: text('owner'),
    /**
     * The holder's lease, renewed while it runs: once lapsed (the process died mid-request) a retry
     * takes the key over instead of answering BUSY (ADR 0017).
     */
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerUid, t.key] })],
);
