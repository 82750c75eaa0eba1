import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { entryFields, withEntryAndAccount, withPostings } from './entry-postings.ts';
import type { SystemAccount } from './journal.ts';
import { journalEntries, ledgerAccounts, postings } from './schema.ts';

/**
 * The ledger as operators read it about payments: the entries of some intents with every
 * posting, and what moved through a provider's clearing account in a time window (the daily
 * reconciliation's ledger side).
 */
export function createIntentLedger(db: Db) {
  return {
    /** Every entry of these intents, oldest first, with all of its postings. */
    async entriesWithPostings(intentIds: string[]) {
      if (intentIds.length === 0) return [];
      const entries = await db
        .select(entryFields)
        .from(journalEntries)
        .where(inArray(journalEntries.intentId, intentIds))
        .orderBy(asc(journalEntries.createdAt));
      return withPostings(db, entries);
    },

    /**
     * The postings on a system account (a provider's clearing) whose entry was written in [from, to):
     * negative is money that came in from the provider, positive money paid out through it.
     */
    postingsBetween(account: SystemAccount, from: Date, to: Date) {
      return withEntryAndAccount(
        db
          .select({
            entryId: journalEntries.id,
            kind: journalEntries.kind,
            intentId: journalEntries.intentId,
            amount: postings.amount,
            createdAt: journalEntries.createdAt,
          })
          .from(postings)
          .$dynamic(),
      )
        .where(
          and(
            eq(ledgerAccounts.code, account),
            gte(journalEntries.createdAt, from),
            lt(journalEntries.createdAt, to),
          ),
        )
        .orderBy(asc(journalEntries.createdAt));
    },
  };
}
