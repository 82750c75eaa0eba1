import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Bound, builtOnce, type Db, executePrepared } from '../../platform/db.ts';
import { batchPerTransaction } from '../../platform/next-turn.ts';
import { withEntryAndAccount } from './entry-postings.ts';
import { journalEntries, ledgerAccounts, postings } from './schema.ts';

export type ReserveInput = {
  uid: string;
  total: bigint;
  toAccount: string;
  intentId: string;
  description: string;
};

/**
 * A withdrawal's reserve as the CTEs `wallet`, `entry` and `legs`, for `reserveFromWallet` or for
 * another statement to carry (the withdrawal's intent and jobs with it, one round trip, ADR 0028).
 */
export function reserveCtes(input: ReserveInput): SQL {
  const total = input.total.toString();
  return sql`wallet as (
      select id, balance from ledger_accounts where owner_uid = ${input.uid} for update
    ), entry as (
      insert into journal_entries (kind, intent_id, description)
      select 'WITHDRAWAL_RESERVE', ${input.intentId}::uuid, ${input.description}
      from wallet where wallet.balance >= ${total}::bigint
      on conflict (intent_id, kind) do nothing
      returning id
    ), legs as (
      insert into postings (entry_id, account_id, amount)
      select entry.id, wallet.id, -(${total}::bigint) from entry, wallet
      union all
      select entry.id, ${input.toAccount}::uuid, ${total}::bigint from entry
      returning 1
    )`;
}

/** The CTE of `reserveCtes` that has a row only when the reserve was written. */
export const reserveGate = 'entry';

/** The columns a statement carrying `reserveCtes` selects to say how the reserve went. */
export const reserveOutcomeColumns = sql`(select balance from wallet)::text as reserve_balance,
  (select id from entry)::text as reserve_entry_id`;

export type ReserveOutcomeRow = { reserve_balance: string | null; reserve_entry_id: string | null };

/**
 * `balance` is the wallet's balance before (null without a wallet); `entryId` is null when nothing
 * was written: too little money, or this intent's reserve already exists.
 */
export const reserveOutcomeOf = (row: ReserveOutcomeRow | undefined) => ({
  balance: row?.reserve_balance == null ? null : BigInt(row.reserve_balance),
  entryId: row?.reserve_entry_id ?? null,
});

/**
 * Several withdrawals' reserves in one statement (group commit, ADR 0044), one per wallet, as the CTEs
 * `asked` (one row per request: uid, total, intent_id, description), `wallet` (the wallets, locked
 * in id order, so two batches sharing wallets never wait on each other in a circle), `entry` (id and
 * intent_id of each reserve written: only where the wallet covers its total) and `legs`.
 */
export function reserveManyCtes(inputs: Omit<ReserveInput, 'toAccount'>[], toAccount: string): Bound {
  const uids = inputs.map((input) => input.uid);
  if (new Set(uids).size !== uids.length) throw new Error('a batch reserves from each wallet once');
  return {
    sql: reserveManySql,
    values: {
      reserve_uid: uids,
      reserve_total: inputs.map((input) => input.total.toString()),
      reserve_intent_id: inputs.map((input) => input.intentId),
      reserve_description: inputs.map((input) => input.description),
      reserve_to_account: toAccount,
    },
  };
}

/** `reserveManyCtes`'s SQL, built once. */
const reserveManySql = (() => {
  const value = (name: string) => sql.placeholder(`reserve_${name}`);
  return sql`asked as (
      select * from unnest(
        ${value('uid')}::text[], ${value('total')}::bigint[], ${value('intent_id')}::uuid[], ${value('description')}::text[]
      ) as asked(uid, total, intent_id, description)
    ), wallet as (
      select id, balance, owner_uid from ledger_accounts
      where owner_uid = any(${value('uid')}::text[]) order by id for update
    ), entry as (
      insert into journal_entries (kind, intent_id, description)
      select 'WITHDRAWAL_RESERVE', asked.intent_id, asked.description
      from asked join wallet on wallet.owner_uid = asked.uid where wallet.balance >= asked.total
      on conflict (intent_id, kind) do nothing
      returning id, intent_id
    ), legs as (
      insert into postings (entry_id, account_id, amount)
      select entry.id, wallet.id, -asked.total
      from entry join asked on asked.intent_id = entry.intent_id join wallet on wallet.owner_uid = asked.uid
      union all
      select entry.id, ${value('to_account')}::uuid, asked.total from entry join asked on asked.intent_id = entry.intent_id
      returning 1
    )`;
})();

/**
 * What a statement carrying `reserveManyCtes` selects from, one row per request, and the columns that
 * say how each reserve went (as `reserveOutcomeColumns`, with the request's intent id).
 */
export const reserveManyFrom = sql`asked left join wallet on wallet.owner_uid = asked.uid
  left join entry on entry.intent_id = asked.intent_id`;
export const reserveManyKey = sql`asked.intent_id`;
export const reserveManyOutcomeColumns = sql`asked.intent_id::text as reserve_intent_id,
  wallet.balance::text as reserve_balance, entry.id::text as reserve_entry_id`;

/** An entry and its postings, unless the intent has an entry of that kind (insertEntryWithPostings). */
const entryWithPostings = builtOnce(sql`with entry as (
    insert into journal_entries (kind, intent_id, description)
    values (${sql.placeholder('kind')}, ${sql.placeholder('intentId')}::uuid, ${sql.placeholder('description')})
    on conflict (intent_id, kind) do nothing
    returning id
  )
  insert into postings (entry_id, account_id, amount)
  select entry.id, leg.account_id, leg.amount
  from entry, unnest(${sql.placeholder('accounts')}::uuid[], ${sql.placeholder('amounts')}::bigint[]) as leg(account_id, amount)
  returning 1`);

/**
 * Several entries with their postings in one statement (the endings of a group, ADR 0061), one array
 * per column: the entries, and their legs each naming its entry by its place in the list. Answers the
 * places of the entries written (an intent's entry of a kind that exists is not).
 */
const entriesWithPostings = builtOnce(sql`with asked as (
    select * from unnest(${sql.placeholder('kinds')}::text[], ${sql.placeholder('intentIds')}::uuid[],
      ${sql.placeholder('descriptions')}::text[]) with ordinality as asked(kind, intent_id, description, place)
  ), entry as (
    insert into journal_entries (kind, intent_id, description)
    select kind, intent_id, description from asked order by place
    on conflict (intent_id, kind) do nothing
    returning id, kind, intent_id
  ), written as (
    select entry.id, asked.place from entry join asked using (kind, intent_id)
  ), legs as (
    insert into postings (entry_id, account_id, amount)
    select written.id, leg.account_id, leg.amount
    from written join unnest(${sql.placeholder('places')}::bigint[], ${sql.placeholder('accounts')}::uuid[],
      ${sql.placeholder('amounts')}::bigint[]) as leg(place, account_id, amount) using (place)
  )
  select place from written`);

type EntryWithLegs = {
  entry: { kind: string; intentId: string; description: string };
  legs: { accountId: string; amount: bigint }[];
};

/** `entriesWithPostings` for a batch; an intent's second entry of one kind in it is not written. */
async function insertEntriesWithPostings(tx: Db, asked: EntryWithLegs[]): Promise<boolean[]> {
  const seen = new Set<string>();
  const sent = asked.filter(({ entry }) => {
    const key = `${entry.intentId}:${entry.kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const legs = sent.flatMap(({ legs: entryLegs }, i) => entryLegs.map((leg) => ({ ...leg, place: i + 1 })));
  const rows = await executePrepared<{ place: string | number }>(
    tx,
    'ledger_entries_with_postings',
    entriesWithPostings,
    {
      kinds: sent.map(({ entry }) => entry.kind),
      intentIds: sent.map(({ entry }) => entry.intentId),
      descriptions: sent.map(({ entry }) => entry.description),
      places: legs.map((leg) => leg.place),
      accounts: legs.map((leg) => leg.accountId),
      amounts: legs.map((leg) => leg.amount.toString()),
    },
  );
  const written = new Set(rows.map((row) => sent[Number(row.place) - 1]));
  return asked.map((one) => written.has(one));
}

export function createLedgerRepo(db: Db) {
  // In a transaction, the entries asked for at the same moment (a group's endings) go in one statement.
  const entryInTransaction = batchPerTransaction(async (tx: Db, asked: EntryWithLegs[]) => {
    const [only] = asked;
    if (only && asked.length === 1) return [await insertEntryWithPostings(only.entry, only.legs, tx)];
    return insertEntriesWithPostings(tx, asked);
  });
  const insertEntryWithPostings = async (
    entry: EntryWithLegs['entry'],
    legs: EntryWithLegs['legs'],
    tx: Db,
  ) => {
    const rows = await executePrepared(tx, 'ledger_entry_with_postings', entryWithPostings, {
      kind: entry.kind,
      intentId: entry.intentId,
      description: entry.description,
      accounts: legs.map((leg) => leg.accountId),
      amounts: legs.map((leg) => leg.amount.toString()),
    });
    return rows.length > 0;
  };
  return {
    /** The player's wallet account, created on first use (one query once it exists). */
    async walletOf(uid: string, tx: Db = db) {
      const find = () => tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.ownerUid, uid));
      const [found] = await find();
      if (found) return found;
      await tx.insert(ledgerAccounts).values({ kind: 'WALLET', ownerUid: uid }).onConflictDoNothing();
      const [row] = await find();
      if (!row) throw new Error('wallet account missing after insert');
      return row;
    },
    /** Takes the wallet's row lock until the transaction ends: money leaves one request at a time. */
    async lockWallet(uid: string, tx: Db) {
      const lock = () =>
        tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.ownerUid, uid)).for('update');
      const [found] = await lock();
      if (found) return found;
      await tx.insert(ledgerAccounts).values({ kind: 'WALLET', ownerUid: uid }).onConflictDoNothing();
      const [row] = await lock();
      if (!row) throw new Error('wallet account missing after insert');
      return row;
    },
    /**
     * A withdrawal's reserve in one statement (ADR 0028): takes the wallet's row lock, and only when
     * its balance covers `total` writes the entry and its two postings (wallet −total, `toAccount`
     * +total). `balance` is the wallet's balance before (null without a wallet); `entryId` is null
     * when nothing was written: too little money, or this intent's reserve already exists.
     */
    async reserveFromWallet(
      input: ReserveInput,
      tx: Db,
    ): Promise<{ balance: bigint | null; entryId: string | null }> {
      const [row] = await executePrepared<ReserveOutcomeRow>(
        tx,
        'wallet_reserve',
        sql`with ${reserveCtes(input)} select ${reserveOutcomeColumns}`,
      );
      return reserveOutcomeOf(row);
    },
    async systemAccountIds(tx: Db = db) {
      const rows = await tx
        .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.kind, 'SYSTEM'));
      return new Map(rows.map((row) => [row.code ?? '', row.id]));
    },
    /**
     * The entry and its postings in one prepared statement, unless the intent already has an entry of
     * this kind: false then, and nothing is written. Its text is the same for any number of postings
     * (arrays of accounts and amounts), so PostgreSQL plans it once per connection (ADR 0059). In a
     * transaction, the entries asked for at the same moment (a group's endings) go in one statement.
     */
    insertEntryWithPostings: (entry: EntryWithLegs['entry'], legs: EntryWithLegs['legs'], tx: Db) =>
      tx === db ? insertEntryWithPostings(entry, legs, tx) : entryInTransaction(tx, { entry, legs }),
    async balanceOfWallet(uid: string, tx: Db = db) {
      const [row] = await tx
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.ownerUid, uid));
      return row?.balance ?? 0n;
    },
    /** The wallet's entries, newest first, each with the amount it moved on the wallet. */
    async walletEntries(uid: string, limit: number, tx: Db = db) {
      return withEntryAndAccount(
        tx
          .select({
            id: journalEntries.id,
            kind: journalEntries.kind,
            intentId: journalEntries.intentId,
            description: journalEntries.description,
            amount: postings.amount,
            createdAt: journalEntries.createdAt,
          })
          .from(postings)
          .$dynamic(),
      )
        .where(eq(ledgerAccounts.ownerUid, uid))
        .orderBy(desc(journalEntries.createdAt))
        .limit(limit);
    },
    async entriesOfIntents(intentIds: string[], tx: Db = db) {
      if (intentIds.length === 0) return [];
      return tx
        .select({
          intentId: journalEntries.intentId,
          kind: journalEntries.kind,
          createdAt: journalEntries.createdAt,
        })
        .from(journalEntries)
        .where(inArray(journalEntries.intentId, intentIds));
    },
    /** Every account with its cached balance and the sum of its postings, for the invariant checks. */
    async audit(tx: Db = db) {
      return tx
        .select({
          id: ledgerAccounts.id,
          kind: ledgerAccounts.kind,
          code: ledgerAccounts.code,
          ownerUid: ledgerAccounts.ownerUid,
          balance: ledgerAccounts.balance,
          postingsSum: sql<string>`coalesce((select sum(p.amount) from postings p where p.account_id = "ledger_accounts"."id"), 0)::text`,
        })
        .from(ledgerAccounts);
    },
    async unbalancedEntries(tx: Db = db) {
      return tx
        .select({ entryId: postings.entryId, total: sql<string>`sum(${postings.amount})` })
        .from(postings)
        .groupBy(postings.entryId)
        .having(sql`sum(${postings.amount}) <> 0`);
    },
    /** The postings of an intent's entry of this kind (its accounts and signed amounts). */
    postingsOfEntry(intentId: string, kind: string, tx: Db = db) {
      return tx
        .select({ accountId: postings.accountId, amount: postings.amount })
        .from(postings)
        .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
        .where(and(eq(journalEntries.intentId, intentId), eq(journalEntries.kind, kind)))
        .orderBy(postings.id);
    },
    async entryCount(intentId: string, kind: string, tx: Db = db) {
      const rows = await tx
        .select({ id: journalEntries.id })
        .from(journalEntries)
        .where(and(eq(journalEntries.intentId, intentId), eq(journalEntries.kind, kind)));
      return rows.length;
    },
  };
}

export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
