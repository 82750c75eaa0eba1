import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { sandboxPaystackRefunds as refunds, sandboxPaystackTransactions as transactions } from './schema.ts';

const MAX_PER_PAGE = 100;

const dateOf = (text: string | undefined) => {
  const at = text ? new Date(text) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
};

/** Paystack's paging of a list: `perPage` (up to 100, 50 when absent) and `page` (from 1). */
function pagingOf(query: Record<string, string | undefined>) {
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number(query.perPage) || 50));
  const page = Math.max(1, Number(query.page) || 1);
  return { perPage, page, offset: (page - 1) * perPage };
}

/** The `meta` Paystack gives a list: how many there are in all and how many pages they fill. */
function metaOf(total: number, paging: ReturnType<typeof pagingOf>) {
  return {
    total,
    skipped: paging.offset,
    perPage: paging.perPage,
    page: paging.page,
    pageCount: Math.max(1, Math.ceil(total / paging.perPage)),
  };
}

/** `from` and `to` bound a creation time, each when given and a date. */
function period(
  column: typeof transactions.createdAt | typeof refunds.createdAt,
  query: Record<string, string | undefined>,
) {
  const filters: SQL[] = [];
  const from = dateOf(query.from);
  const to = dateOf(query.to);
  if (from) filters.push(gte(column, from));
  if (to) filters.push(lte(column, to));
  return filters;
}

/**
 * Paystack's GET /transaction in the sandbox: `from` and `to` bound the creation time, `status`
 * filters, `perPage` (up to 100) and `page` page it, newest first; `meta` says how many pages.
 */
export async function listTransactions(db: Db, query: Record<string, string | undefined>) {
  const paging = pagingOf(query);
  const filters = period(transactions.createdAt, query);
  const status = query.status;
  if (status === 'success' || status === 'failed' || status === 'abandoned' || status === 'reversed')
    filters.push(eq(transactions.status, status));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(paging.perPage)
      .offset(paging.offset),
    db.select({ n: count() }).from(transactions).where(where),
  ]);
  return { rows, meta: metaOf(total?.n ?? 0, paging) };
}

/**
 * Paystack's GET /refund in the sandbox, with only the filters Paystack documents: `from` and `to`
 * bound the creation time, `perPage` (up to 100) and `page` page it, newest first; `meta` says how
 * many pages. Anything else in the query (a `transaction`, say) is ignored, as the gateway ignores it.
 */
export async function listRefunds(db: Db, query: Record<string, string | undefined>) {
  const paging = pagingOf(query);
  const filters = period(refunds.createdAt, query);
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(refunds)
      .where(where)
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .limit(paging.perPage)
      .offset(paging.offset),
    db.select({ n: count() }).from(refunds).where(where),
  ]);
  return { rows, meta: metaOf(total?.n ?? 0, paging) };
}
