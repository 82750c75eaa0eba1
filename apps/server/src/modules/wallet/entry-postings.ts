import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { ledgerAccounts, postings } from './schema.ts';

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
