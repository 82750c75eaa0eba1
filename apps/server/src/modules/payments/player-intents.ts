import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { escapeLike } from '../operator/service.ts';
import { paymentIntents } from './schema.ts';

/**
 * One player's payments as operators read them: every intent they started or whose
 * wallet it credits (a friend's boost, whatever its outcome), newest first. `q` matches the id,
 * type, method, status, phone or receipt; without `pageSize`, all of them (a data export).
 */
export function createPlayerIntents(db: Db) {
  return async function intentsOfPlayer(
    uid: string,
    query: { q?: string | undefined; page: number; pageSize?: number | undefined },
  ) {
    const filters: SQL[] = [];
    const mine = or(eq(paymentIntents.playerUid, uid), eq(paymentIntents.walletUid, uid));
    if (mine) filters.push(mine);
    if (query.q) {
      const like = `%${escapeLike(query.q)}%`;
      const match = or(
        ilike(sql`${paymentIntents.id}::text`, like),
        ilike(paymentIntents.type, like),
        ilike(paymentIntents.methodCode, like),
        ilike(paymentIntents.status, like),
        ilike(paymentIntents.phone, like),
        ilike(paymentIntents.receipt, like),
      );
      if (match) filters.push(match);
    }
    const where = and(...filters);
    const rows = db
      .select()
      .from(paymentIntents)
      .where(where)
      .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id));
    const [items, [total]] = await Promise.all([
      query.pageSize === undefined
        ? rows
        : rows.limit(query.pageSize).offset((query.page - 1) * query.pageSize),
      db.select({ n: count() }).from(paymentIntents).where(where),
    ]);
    return { items, total: total?.n ?? 0 };
  };
}
