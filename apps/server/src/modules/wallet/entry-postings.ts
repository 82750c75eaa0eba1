import { asc, eq, inArray } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db.ts';
import { journalEntries, ledgerAccounts, postings } from './schema.ts';

/** A journal entry as the console lists it, before its postings (`withPostings`). */
export const entryFields = {
  id: journalEntries.id,
  kind: journalEntries.kind,
  intentId: journalEntries.intentId,
  description: journalEntries.description,
  createdAt: journalEntries.createdAt,
};

/** A select from postings, each joined to its journal entry and the account it moved. */
export function withEntryAndAccount<T extends PgSelect>(query: T) {
  return query
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId));
}

/**
 * The journal entries given, each with all of its postings (in the order they were written) and the
 * account each moved: how the console shows an entry, whether found by intent or by player.
 */
export async function withPostings<E extends { id: string }>(db: Db, entries: E[]) {
  const legs =
    entries.length === 0
      ? []
      : await db
          .select({
            entryId: postings.entryId,
            accountKind: ledgerAccounts.kind,
            accountCode: ledgerAccounts.code,
            ownerUid: ledgerAccounts.ownerUid,
            amount: postings.amount,
          })
          .from(postings)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
          .where(
            inArray(
              postings.entryId,
              entries.map((entry) => entry.id),
            ),
          )
          .orderBy(asc(postings.id));
  return entries.map((entry) => ({
    ...entry,
    postings: legs.filter((leg) => leg.entryId === entry.id).map(({ entryId: _, ...leg }) => leg),
  }));
}
