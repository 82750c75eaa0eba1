import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
