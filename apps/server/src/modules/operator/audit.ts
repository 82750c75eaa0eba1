import type { AuditEntry, PageQuery } from '@playon/shared/ops';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { AuditInput } from './audit-entry.ts';
import { opsAuditLog } from './schema.ts';

/** Who did it: an operator of the console, or someone at the command line (`npm run operator`). */
export interface Actor {
  uid: string | null;
  email: string;
  role: string;
}

/** JSON the database can hold: bigint amounts become strings, dates ISO strings. */
const asJson = (value: unknown): unknown =>
  value === undefined
    ? null
    : JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)));

/**
 * The audit log (ADR 0024): append-only, written in the transaction of the action it records, so an
 * action that rolls back leaves no entry and none commits without one.
 */
export function createAuditLog(db: Db) {
  return {
    async record(tx: Db, actor: Actor, input: AuditInput): Promise<void> {
      await tx.insert(opsAuditLog).values({
        actorUid: actor.uid,
        actorEmail: actor.email,
        actorRole: actor.role,
        action: input.action,
        targetType: input.targetType,
        targetId: input.targetId ?? null,
        reason: input.reason ?? null,
        before: asJson(input.before),
        after: asJson(input.after),
      });
    },

    /** Newest first; `q` searches the action, the target, the actor and the reason. */
    async page(query: PageQuery & { action?: string | undefined; actor?: string | undefined }) {
      const filters: SQL[] = [];
      if (query.action) filters.push(eq(opsAuditLog.action, query.action));
      if (query.actor) filters.push(ilike(opsAuditLog.actorEmail, `%${escapeLike(query.actor)}%`));
      if (query.q) {
        const like = `%${escapeLike(query.q)}%`;
        const match = or(
          ilike(opsAuditLog.action, like),
          ilike(opsAuditLog.targetType, like),
          ilike(opsAuditLog.targetId, like),
          ilike(opsAuditLog.actorEmail, like),
          ilike(opsAuditLog.reason, like),
        );
        if (match) filters.push(match);
      }
      const where = filters.length > 0 ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(opsAuditLog)
          .where(where)
          .orderBy(desc(opsAuditLog.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(opsAuditLog).where(where),
      ]);
      const items: AuditEntry[] = rows.map((row) => ({ ...row, at: row.at.toISOString() }));
      return { items, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;

/** A search term taken literally by ILIKE. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
