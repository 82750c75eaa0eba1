import { and, asc, eq, gte, lt, lte } from 'drizzle-orm';
import { toCsv } from '../../platform/csv.ts';
import { STATEMENT_COLUMNS } from '../../platform/daraja/statement.ts';
import type { Db } from '../../platform/db.ts';
import { sandboxDarajaTransactions as transactions } from './schema.ts';

const NAIROBI_OFFSET_MS = 3 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** A time as the org portal writes it: Nairobi's, "2026-11-24 09:30:15". */
const portalTime = (at: Date) =>
  new Date(at.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

const shillings = (amount: number) => amount.toFixed(2);

/**
 * The sandbox short code's account statement for one Nairobi day, as the M-Pesa org portal exports
 * it (docs/mpesa-sandbox.md): every payment that completed that day, lost callbacks included, paid in
 * (STK) or withdrawn (B2C). Null when `day` is not YYYY-MM-DD.
 */
export async function sandboxStatement(db: Db, day: string | undefined, now: Date): Promise<string | null> {
  const start = day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00+03:00`) : null;
  if (!start || Number.isNaN(start.getTime())) return null;
  const rows = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.resultCode, 0),
        gte(transactions.completesAt, start),
        lt(transactions.completesAt, new Date(start.getTime() + DAY_MS)),
        lte(transactions.completesAt, now),
      ),
    )
    .orderBy(asc(transactions.completesAt), asc(transactions.id));
  let balance = 0;
  const lines = rows.map((row) => {
    const paidIn = row.kind === 'stk';
    balance += paidIn ? row.amount : -row.amount;
    return [
      row.receipt ?? '',
      portalTime(row.completesAt),
      portalTime(row.createdAt),
      paidIn ? 'Customer Payment to Small Business' : 'Business Payment to Customer',
      'Completed',
      paidIn ? shillings(row.amount) : '',
      paidIn ? '' : `-${shillings(row.amount)}`,
      shillings(balance),
      `${row.phone} - Sandbox Customer`,
      paidIn ? row.reference : '',
    ];
  });
  return toCsv([...STATEMENT_COLUMNS], lines);
}
