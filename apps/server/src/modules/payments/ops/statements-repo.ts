import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { providerStatements } from '../schema.ts';

/** The providers' statements finance uploads (the M-Pesa org portal's CSV), the latest of a day counting. */
export function createStatementsRepo(db: Db) {
  return {
    async save(values: { provider: 'MPESA'; day: string; csv: string; uploadedBy: string }, tx: Db = db) {
      const [row] = await tx
        .insert(providerStatements)
        .values(values)
        .returning({ id: providerStatements.id });
      return row;
    },
    async latest(provider: 'MPESA', day: string) {
      const [row] = await db
        .select({
          csv: providerStatements.csv,
          uploadedBy: providerStatements.uploadedBy,
          createdAt: providerStatements.createdAt,
        })
        .from(providerStatements)
        .where(and(eq(providerStatements.provider, provider), eq(providerStatements.day, day)))
        .orderBy(desc(providerStatements.createdAt), desc(providerStatements.id))
        .limit(1);
      return row;
    },
  };
}

export type StatementsRepo = ReturnType<typeof createStatementsRepo>;
