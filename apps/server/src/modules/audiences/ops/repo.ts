import type { PageQuery } from '@playon/shared/ops';
import { count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { escapeLike } from '../../operator/service.ts';
import { savedAudiences } from '../schema.ts';

export type SavedAudienceRow = typeof savedAudiences.$inferSelect;
type Rule = Pick<SavedAudienceRow, 'name' | 'kind' | 'days' | 'targetId'>;

/** The saved audiences' rows: names and rules, never their players. */
export function createAudiencesRepo(db: Db) {
  return {
    async byId(id: number, tx: Db = db) {
      const [row] = await tx.select().from(savedAudiences).where(eq(savedAudiences.id, id));
      return row;
    },
    async byIdForUpdate(id: number, tx: Db) {
      const [row] = await tx.select().from(savedAudiences).where(eq(savedAudiences.id, id)).for('update');
      return row;
    },
    async insert(row: Rule & { byUid: string | null; byEmail: string }, tx: Db) {
      const [saved] = await tx.insert(savedAudiences).values(row).returning();
      if (!saved) throw new Error('saved audience insert returned nothing');
      return saved;
    },
    async update(id: number, rule: Rule, tx: Db) {
      const [saved] = await tx
        .update(savedAudiences)
        .set({ ...rule, updatedAt: sql`now()` })
        .where(eq(savedAudiences.id, id))
        .returning();
      return saved;
    },
    async remove(id: number, tx: Db) {
      await tx.delete(savedAudiences).where(eq(savedAudiences.id, id));
    },
    /** Newest first; `q` finds a name in part. */
    async page(query: PageQuery) {
      const where = query.q ? ilike(savedAudiences.name, `%${escapeLike(query.q)}%`) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(savedAudiences)
          .where(where)
          .orderBy(desc(savedAudiences.createdAt), desc(savedAudiences.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(savedAudiences).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type AudiencesRepo = ReturnType<typeof createAudiencesRepo>;
