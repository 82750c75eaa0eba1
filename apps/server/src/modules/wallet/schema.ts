import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * Ledger accounts: one WALLET per player (owner_uid) and one row per system account (code).
 * `balance` is a cache of the sum of the account's postings, kept by a trigger in the same
 * transaction for player wallets only (system accounts are hot rows; their balance is the sum).
 * No foreign key to the player: deleting a player never deletes money history (ADR 0007).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** System accounts: MPESA_CLEARING, PENDING_PAYOUTS, ...; wallets: null. */
    code: text('code').unique(),
    ownerUid: text('owner_uid').unique(),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_accounts_wallet_not_negative', sql`${t.kind} <> 'WALLET' OR ${t.balance} >= 0`),
    check(
      'ledger_accounts_owner_or_code',
      sql`(${t.kind} = 'WALLET' AND ${t.ownerUid} IS NOT NULL) OR (${t.kind} = 'SYSTEM' AND ${t.code} IS NOT NULL)`,
    ),
  ],
);

/** One money movement. Immutable (a trigger refuses UPDATE and DELETE); a correction is a new entry. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** TOPUP, WITHDRAWAL_RESERVE, WITHDRAWAL_SETTLE, WITHDRAWAL_REVERSAL. */
    kind: text('kind').notNull(),
    /** The payment intent it belongs to: each intent gets at most one entry of each kind. */
    intentId: uuid('intent_id'),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('journal_entries_intent_kind').on(t.intentId, t.kind)],
);

/** Signed integer cents; an entry's postings sum to zero (a deferred constraint trigger checks it). */
export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    /**
     * A ledger account: checked by the `postings_apply` trigger, not a foreign key, whose KEY SHARE
     * lock on a system account's row (every withdrawal's PENDING_PAYOUTS) made each concurrent
     * payment a MultiXact of all the others (ADR 0042). Accounts are never deleted.
     */
    accountId: uuid('account_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    check('postings_amount_not_zero', sql`${t.amount} <> 0`),
    index('postings_account_idx').on(t.accountId),
    index('postings_entry_idx').on(t.entryId),
  ],
);
