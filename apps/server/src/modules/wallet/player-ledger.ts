import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { escapeLike } from '../operator/service.ts';
import { entryFields, withEntryAndAccount, withPostings } from './entry-postings.ts';
import { journalEntries, ledgerAccounts, postings } from './schema.ts';

export interface LedgerQuery {
  q?: string | undefined;
  page: number;
  /** Undefined: every entry (a data export). */
  pageSize?: number | undefined;
}

/**
 * One player's ledger as operators read it: each journal entry that moved their wallet,
 * with every posting of that entry (the other side too), newest first.
 */
export function createPlayerLedger(db: Db) {
  return {
    async ledgerOf(uid: string, query: LedgerQuery) {
      const filters: SQL[] = [eq(ledgerAccounts.ownerUid, uid)];
      if (query.q) {
        const like = `%${escapeLike(query.q)}%`;
        const match = or(
          ilike(journalEntries.kind, like),
          ilike(journalEntries.description, like),
          ilike(sql`${journalEntries.id}::text`, like),
          ilike(sql`${journalEntries.intentId}::text`, like),
        );
        if (match) filters.push(match);
      }
      const where = and(...filters);
      const page = withEntryAndAccount(
        db
          .select({ ...entryFields, walletAmount: postings.amount })
          .from(postings)
          .$dynamic(),
      )
        .where(where)
        .orderBy(desc(journalEntries.createdAt), desc(journalEntries.id));
      const [entries, [total]] = await Promise.all([
        query.pageSize === undefined
          ? page
          : page.limit(query.pageSize).offset((query.page - 1) * query.pageSize),
        withEntryAndAccount(db.select({ n: count() }).from(postings).$dynamic()).where(where),
      ]);
      return {
        items: await withPostings(db, entries),
        total: total?.n ?? 0,
      };
    },

    /**
     * Withdrawals reserved from the wallet whose payout has neither settled nor been reversed: money
     * on its way out, which a deletion must wait for.
     */
    async openPayoutsOf(uid: string, tx: Db = db): Promise<number> {
      const [row] = await withEntryAndAccount(tx.select({ n: count() }).from(postings).$dynamic()).where(
        and(
          eq(ledgerAccounts.ownerUid, uid),
          eq(journalEntries.kind, 'WITHDRAWAL_RESERVE'),
          sql`not exists (select 1 from ${journalEntries} done where done.intent_id = ${journalEntries.intentId}
              and done.kind in ('WITHDRAWAL_SETTLE', 'WITHDRAWAL_REVERSAL'))`,
        ),
      );
      return row?.n ?? 0;
    },
  };
}
