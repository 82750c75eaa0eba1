import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { notifications } from './schema.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'createdAt'>;

const asUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/**
 * The primary-key range of a group's rows (ADR 0013): their ids are md5(group)'s first half followed
 * by md5(dedupe key)'s, so the fan-out walks one index range, whatever the collation of the keys.
 */
export function groupIdRange(group: string) {
  const prefix = createHash('md5').update(group).digest('hex').slice(0, 16);
  return { first: asUuid(`${prefix}${'0'.repeat(16)}`), last: asUuid(`${prefix}${'f'.repeat(16)}`) };
}

export function createNotificationRepo(db: Db) {
  return {
    /** Writes it unless its dedupe key was written before; undefined then. */
    async insert(values: NewNotification, tx: Db = db) {
      const [row] = await tx
        .insert(notifications)
        .values(values)
        .onConflictDoNothing({ target: notifications.dedupeKey })
        .returning();
      return row;
    },
    /**
     * One statement for a whole group: `recipients` selects (uid, title, body, url); each row's dedupe
     * key is the group followed by the uid. Resolves to how many rows were new.
     */
    async insertGroup(kind: string, group: string, recipients: SQL, tx: Db = db) {
      // node-postgres and PGlite both answer { rows }.
      const result = (await tx.execute(sql`
        with inserted as (
          insert into ${notifications} (id, uid, kind, title, body, url, dedupe_key)
          select (substr(md5(${group}::text), 1, 16) || substr(md5(${group}::text || r.uid), 1, 16))::uuid,
            r.uid, ${kind}::text, r.title, r.body, r.url, ${group}::text || r.uid
          from (${recipients}) as r
          on conflict do nothing
          returning 1
        )
        select count(*)::int as n from inserted`)) as { rows: { n: number }[] };
      return Number(result.rows[0]?.n ?? 0);
    },
    /** The next rows of a group after `after` (an id), in id order. */
    groupPage(group: string, after: string | null, limit: number, tx: Db = db) {
      const { first, last } = groupIdRange(group);
      return tx
        .select()
        .from(notifications)
        .where(
          and(
            after ? gt(notifications.id, after) : gte(notifications.id, first),
            lte(notifications.id, last),
            sql`starts_with(${notifications.dedupeKey}, ${group})`,
          ),
        )
        .orderBy(asc(notifications.id))
        .limit(limit);
    },
    async byId(id: string, tx: Db = db) {
      const [row] = await tx.select().from(notifications).where(eq(notifications.id, id));
      return row;
    },
    latestOf: (uid: string, limit: number, tx: Db = db) =>
      tx
        .select()
        .from(notifications)
        .where(eq(notifications.uid, uid))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit),
  };
}

export type NotificationRepo = ReturnType<typeof createNotificationRepo>;
