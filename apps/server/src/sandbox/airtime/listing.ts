import { and, asc, count, gte, lt, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { sandboxAirtimeCharges as charges } from './schema.ts';

const PER_PAGE = 100;

const dateOf = (text: string | undefined) => {
  const at = text ? new Date(text) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
};

/**
 * GET /v1/charges?from=&to=&page= (docs/airtime-sandbox.md): the charges the subscriber answered in
 * [from, to), up to `now`, oldest first, 100 a page. Null when `from` or `to` is not a time.
 */
export async function chargesCompletedBetween(db: Db, query: Record<string, string | undefined>, now: Date) {
  const from = dateOf(query.from);
  const to = dateOf(query.to);
  if (!from || !to) return null;
  const page = Math.max(1, Number(query.page) || 1);
  const where = and(
    gte(charges.completesAt, from),
    lt(charges.completesAt, to),
    lte(charges.completesAt, now),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(charges)
      .where(where)
      .orderBy(asc(charges.completesAt), asc(charges.id))
      .limit(PER_PAGE)
      .offset((page - 1) * PER_PAGE),
    db.select({ n: count() }).from(charges).where(where),
  ]);
  return { rows, page, pageCount: Math.max(1, Math.ceil((total?.n ?? 0) / PER_PAGE)) };
}
