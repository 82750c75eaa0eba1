import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every operator action: who, when, what, the record before and after, and the reason.
 * Append-only: the database refuses UPDATE, DELETE and TRUNCATE (migration 0017), as for the ledger.
 */
export const opsAuditLog = pgTable(
  'ops_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** null for the command line (`npm run operator`). */
    actorUid: text('actor_uid'),
    actorEmail: text('actor_email').notNull(),
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('ops_audit_log_at_idx').on(t.at),
    index('ops_audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

/**
 * A player's request under Kenya's Data Protection Act, from its arrival to its answer: the Act's
 * seven days run from `received_on` (a Nairobi day, ADR 0068). The player's uid stays after a
 * deletion, like the audit log's targets.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull(),
    kind: text('kind', { enum: ['access', 'erasure'] }).notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    channel: text('channel').notNull(),
    note: text('note'),
    status: text('status', { enum: ['open', 'answered'] })
      .notNull()
      .default('open'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredByEmail: text('answered_by_email'),
    byUid: text('by_uid'),
    byEmail: text('by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('data_requests_status_received_idx').on(t.status, t.receivedOn),
    index('data_requests_uid_idx').on(t.uid),
    check('data_requests_kind_known', sql`${t.kind} in ('access', 'erasure')`),
    check('data_requests_status_known', sql`${t.status} in ('open', 'answered')`),
    check('data_requests_answered', sql`(${t.status} = 'answered') = (${t.answeredAt} is not null)`),
  ],
);
