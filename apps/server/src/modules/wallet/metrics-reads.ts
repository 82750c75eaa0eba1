import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { ledgerAccounts, postings } from './schema.ts';

/**
 * Each system account's balance as the sum of its postings (their cached balance is not kept: they
 * are hot rows, ADR 0007), integer cents: GET /metrics' ledger totals.
 */
export async function systemAccountBalances(db: Db) {
  const rows = await db
    .select({
      account: sql<string>`${ledgerAccounts.code}`,
      cents: sql<string>`coalesce(sum(${postings.amount}), 0)::text`,
    })
    .from(ledgerAccounts)
    .leftJoin(postings, eq(postings.accountId, ledgerAccounts.id))
    .where(eq(ledgerAccounts.kind, 'SYSTEM'))
    .groupBy(ledgerAccounts.code);
  return rows.map((row) => ({ account: row.account, cents: BigInt(row.cents) }));
}
