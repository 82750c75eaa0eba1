import type { AuditEntry, AuditFilters, AuditQuery } from '@playon/shared/ops';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { toCsv } from '../../platform/csv.ts';
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

    /** Newest first, filtered (`whereOf`); `q` searches the action, the target, the actor and the reason. */
    async page(query: AuditQuery) {
      const where = whereOf(query);
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

    /**
     * The entries the filters find, newest first, as CSV for an investigation's file: at most
     * `AUDIT_CSV_ROWS`, and `truncated` says when there were more (narrow the filters).
     */
    async csv(filters: AuditFilters): Promise<{ csv: string; truncated: boolean }> {
      const rows = await db
        .select()
        .from(opsAuditLog)
        .where(whereOf(filters))
        .orderBy(desc(opsAuditLog.id))
        .limit(AUDIT_CSV_ROWS + 1);
      const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
      const csv = toCsv(
        [
          'at',
          'actor_email',
          'actor_role',
          'action',
          'target_type',
          'target_id',
          'reason',
          'before',
          'after',
        ],
        rows
          .slice(0, AUDIT_CSV_ROWS)
          .map((row) => [
            row.at.toISOString(),
            row.actorEmail,
            row.actorRole,
            row.action,
            row.targetType,
            row.targetId,
            row.reason,
            json(row.before),
            json(row.after),
          ]),
      );
      return { csv, truncated: rows.length > AUDIT_CSV_ROWS };
    },

    /** The actions the log holds, for the screen's filter. */
    async actions(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ action: opsAuditLog.action })
        .from(opsAuditLog)
        .orderBy(opsAuditLog.action);
      return rows.map((row) => row.action);
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;

/** The most rows one audit CSV holds. */
export const AUDIT_CSV_ROWS = 10_000;

/** A Nairobi day's first instant (YYYY-MM-DD). */
const nairobiDayStart = (day: string) => new Date(`${day}T00:00:00+03:00`);
const DAY_MS = 24 * 60 * 60_000;

/** The filters as one WHERE: each one given narrows the entries. */
function whereOf(query: AuditFilters): SQL | undefined {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(opsAuditLog.action, query.action));
  if (query.actor) filters.push(ilike(opsAuditLog.actorEmail, `%${escapeLike(query.actor)}%`));
  if (query.target) filters.push(eq(opsAuditLog.targetId, query.target));
  if (query.from) filters.push(gte(opsAuditLog.at, nairobiDayStart(query.from)));
  if (query.to) filters.push(lt(opsAuditLog.at, new Date(nairobiDayStart(query.to).getTime() + DAY_MS)));
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
  return filters.length > 0 ? and(...filters) : undefined;
}

/** A search term taken literally by ILIKE. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
