import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { escapeLike } from '../operator/service.ts';
import { feedback } from './schema.ts';

/**
 * What one player sent through 'Drop us a line' (the console's "reports"): newest first,
 * `q` matching the subject or message; without `pageSize`, all (a data export). A deletion erases it.
 */
export function createPlayerFeedback(db: Db) {
  return {
    async feedbackOf(
      uid: string,
      query: { q?: string | undefined; page: number; pageSize?: number | undefined },
    ) {
      const filters: SQL[] = [eq(feedback.uid, uid)];
      if (query.q) {
        const like = `%${escapeLike(query.q)}%`;
        const match = or(ilike(feedback.subject, like), ilike(feedback.message, like));
        if (match) filters.push(match);
      }
      const where = and(...filters);
      const rows = db
        .select({
          id: feedback.id,
          email: feedback.email,
          subject: feedback.subject,
          message: feedback.message,
          createdAt: feedback.createdAt,
        })
        .from(feedback)
        .where(where)
        .orderBy(desc(feedback.createdAt), desc(feedback.id));
      const [items, [total]] = await Promise.all([
        query.pageSize === undefined
          ? rows
          : rows.limit(query.pageSize).offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(feedback).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async eraseOf(uid: string, tx: Db) {
      const removed = await tx.delete(feedback).where(eq(feedback.uid, uid)).returning({ id: feedback.id });
      return removed.length;
    },
  };
}
