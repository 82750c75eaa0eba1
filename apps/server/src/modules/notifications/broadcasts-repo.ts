import type { PageQuery } from '@playon/shared/ops';
import { count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { escapeLike } from '../operator/service.ts';
import { broadcasts } from './schema.ts';

export type BroadcastRow = typeof broadcasts.$inferSelect;

export function createBroadcastsRepo(db: Db) {
  return {
    async insert(row: typeof broadcasts.$inferInsert, tx: Db) {
      const [saved] = await tx.insert(broadcasts).values(row).returning();
      if (!saved) throw new Error('broadcast insert returned nothing');
      return saved;
    },
    async byId(id: number, tx: Db = db) {
      const [row] = await tx.select().from(broadcasts).where(eq(broadcasts.id, id));
      return row;
    },
    async markSent(id: number, written: number, tx: Db) {
      await tx
        .update(broadcasts)
        .set({ sentAt: sql`now()`, recipientsWritten: written })
        .where(eq(broadcasts.id, id));
    },
    /** Newest first; `q` searches the title, the message (both languages), the audience and the operator. */
    async page(query: PageQuery) {
      const like = query.q ? `%${escapeLike(query.q)}%` : undefined;
      const where = like
        ? or(
            ilike(broadcasts.title, like),
            ilike(broadcasts.body, like),
            ilike(broadcasts.titleSw, like),
            ilike(broadcasts.bodySw, like),
            ilike(broadcasts.targetName, like),
            ilike(broadcasts.byEmail, like),
          )
        : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(broadcasts)
          .where(where)
          .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(broadcasts).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
