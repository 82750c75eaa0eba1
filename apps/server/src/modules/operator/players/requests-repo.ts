import type { DataRequestFilter, DataRequestQuery } from '@playon/shared/ops-data-requests';
import { and, asc, count, desc, eq, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { escapeLike } from '../audit.ts';
import { dataRequests } from '../schema.ts';

export type DataRequestRow = typeof dataRequests.$inferSelect;

/**
 * The data requests' rows. `overdueBefore` is the first received day whose request is still within
 * the Act's days: an open request received before it is overdue (data_requests_status_received_idx).
 */
export function createDataRequestsRepo(db: Db) {
  const open = eq(dataRequests.status, 'open');
  const byFilter = (filter: DataRequestFilter, overdueBefore: string): SQL | undefined =>
    filter === 'open'
      ? open
      : filter === 'overdue'
        ? and(open, lt(dataRequests.receivedOn, overdueBefore))
        : filter === 'answered'
          ? eq(dataRequests.status, 'answered')
          : undefined;

  return {
    async insert(row: typeof dataRequests.$inferInsert, tx: Db) {
      const [saved] = await tx.insert(dataRequests).values(row).returning();
      if (!saved) throw new Error('data request insert returned nothing');
      return saved;
    },
    async byIdForUpdate(id: number, tx: Db) {
      const [row] = await tx.select().from(dataRequests).where(eq(dataRequests.id, id)).for('update');
      return row;
    },
    async answer(id: number, answer: { answer: string; answeredByEmail: string; answeredAt: Date }, tx: Db) {
      const [row] = await tx
        .update(dataRequests)
        .set({ ...answer, status: 'answered' })
        .where(eq(dataRequests.id, id))
        .returning();
      return row;
    },
    /** Open requests first, oldest first (the nearest deadline on top); answered ones newest first. */
    async page(query: DataRequestQuery, overdueBefore: string) {
      const like = query.q ? `%${escapeLike(query.q)}%` : undefined;
      const where = and(
        byFilter(query.status, overdueBefore),
        query.uid ? eq(dataRequests.uid, query.uid) : undefined,
        like
          ? or(
              eq(dataRequests.uid, query.q ?? ''),
              ilike(dataRequests.channel, like),
              ilike(dataRequests.note, like),
            )
          : undefined,
      );
      const order =
        query.status === 'answered'
          ? [desc(dataRequests.answeredAt), desc(dataRequests.id)]
          : [desc(dataRequests.status), asc(dataRequests.receivedOn), asc(dataRequests.id)];
      const [rows, [total], [overdue]] = await Promise.all([
        db
          .select()
          .from(dataRequests)
          .where(where)
          .orderBy(...order)
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(dataRequests).where(where),
        db.select({ n: count() }).from(dataRequests).where(byFilter('overdue', overdueBefore)),
      ]);
      return { rows, total: total?.n ?? 0, overdue: overdue?.n ?? 0 };
    },
  };
}
