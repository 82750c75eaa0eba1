import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { sandboxPaystackTransactions as transactions } from './schema.ts';

const MAX_PER_PAGE = 100;

const dateOf = (text: string | undefined) => {
  const at = text ? new Date(text) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
};

/**
 * Paystack's GET /transaction in the sandbox: `from` and `to` bound the creation time, `status`
 * filters, `perPage` (up to 100) and `page` page it, newest first; `meta` says how many pages.
 */
export async function listTransactions(db: Db, query: Record<string, string | undefined>) {
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number(query.perPage) || 50));
  const page = Math.max(1, Number(query.page) || 1);
  const filters: SQL[] = [];
  const from = dateOf(query.from);
  const to = dateOf(query.to);
  if (from) filters.push(gte(transactions.createdAt, from));
  if (to) filters.push(lte(transactions.createdAt, to));
  if (query.status === 'success' || query.status === 'failed' || query.status === 'abandoned')
    filters.push(eq(transactions.status, query.status));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(transactions).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    rows,
    meta: {
      total: n,
      skipped: (page - 1) * perPage,
      perPage,
      page,
      pageCount: Math.max(1, Math.ceil(n / perPage)),
    },
  };
}
