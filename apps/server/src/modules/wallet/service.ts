import type { Db } from '../../platform/db.ts';
import { createIntentLedger } from './intent-ledger.ts';
import { createJournal, type EntryKind } from './journal.ts';
import { createPaymentEntries } from './payment-entries.ts';
import { createPlayerLedger } from './player-ledger.ts';
import { createRefundEntries } from './refund-entries.ts';
import { createLedgerRepo } from './repo.ts';
import { createWithdrawalEntries } from './withdrawal-entries.ts';

export { type EntryKind, type Leg, type SystemAccount, systemAccounts } from './journal.ts';
export { type ClearingAccount, walletPaymentShortMessage } from './payment-entries.ts';
export type { RefundSource, RefundTarget } from './refund-entries.ts';
/** The columns a statement carrying a withdrawal's reserve answers (payments' intent statement). */
export type { ReserveOutcomeRow } from './repo.ts';
export { insufficientFundsMessage } from './withdrawal-entries.ts';

/**
 * The ledger (ADR 0007). Every function writes one balanced journal entry in one transaction (the
 * caller's `tx` when given, so a payment intent and its entry commit together) and is idempotent per
 * intent: a second call for the same intent and kind changes nothing and returns false.
 */
export function createWalletService(db: Db) {
  const repo = createLedgerRepo(db);
  const journal = createJournal(db, repo);

  return {
    ...createPaymentEntries(repo, journal),
    ...createWithdrawalEntries(repo, journal),
    ...createRefundEntries(repo, journal),
    /** For operators: the entries of payments with their postings, a clearing account's day. */
    ...createIntentLedger(db),
    /** For operators: one player's entries with all their postings, and payouts still on their way. */
    ...createPlayerLedger(db),

    /** Integer cents. */
    balanceOf(uid: string, tx?: Db) {
      return repo.balanceOfWallet(uid, tx);
    },

    /** The wallet's movements, newest first: amount is signed cents as seen from the wallet. */
    historyOf(uid: string, limit = 200) {
      return repo.walletEntries(uid, limit);
    },

    /** Which ledger entries exist for these intents (kind and time). */
    entriesOfIntents(intentIds: string[]) {
      return repo.entriesOfIntents(intentIds);
    },

    /** For tests and operators: every account's cached balance beside its postings' sum, and unbalanced entries. */
    async audit() {
      const accounts = await repo.audit();
      const unbalanced = await repo.unbalancedEntries();
      return {
        accounts: accounts.map((a) => ({ ...a, postingsSum: BigInt(a.postingsSum) })),
        unbalanced,
      };
    },

    countEntries(intentId: string, kind: EntryKind) {
      return repo.entryCount(intentId, kind);
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
