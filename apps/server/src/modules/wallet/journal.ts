import type { Db } from '../../platform/db.ts';
import type { LedgerRepo } from './repo.ts';

/** System accounts seeded by the migration. */
export const systemAccounts = [
  'MPESA_CLEARING',
  'CARD_CLEARING',
  'AIRTIME_CLEARING',
  'PENDING_PAYOUTS',
  'WITHDRAWAL_FEES',
  'SUBSCRIPTION_REVENUE',
  'PRIZES',
  'PROMOTIONS',
] as const;
export type SystemAccount = (typeof systemAccounts)[number];

export type EntryKind =
  | 'TOPUP'
  | 'WITHDRAWAL_RESERVE'
  | 'WITHDRAWAL_SETTLE'
  | 'WITHDRAWAL_REVERSAL'
  | 'BOOST'
  | 'SUBSCRIPTION'
  | 'REFUND'
  | 'REFUND_SETTLE'
  | 'REFUND_REVERSAL';

/** A posting's account: a player's wallet, a system account, or an account id already in hand. */
export type Leg = { wallet: string } | { system: SystemAccount } | { account: string };

/**
 * Writing one balanced journal entry (ADR 0007): the postings sum to zero, none is zero, and the
 * entry is idempotent per intent and kind (a second one for the same intent changes nothing and
 * answers false). Every entry of the wallet module is written through here.
 */
export function createJournal(db: Db, repo: LedgerRepo) {
  let systemIds: Promise<Map<string, string>> | undefined;
  const systemId = async (code: SystemAccount, tx: Db) => {
    systemIds ??= repo.systemAccountIds(tx).catch((error: unknown) => {
      systemIds = undefined;
      throw error;
    });
    const id = (await systemIds).get(code);
    if (!id) throw new Error(`system account ${code} is missing`);
    return id;
  };

  return {
    /** A system account's id (read once, then kept: the migration seeds them and they never change). */
    systemAccountId: systemId,

    /** Runs `work` in the caller's transaction when given, in a new one otherwise. */
    inTx<T>(tx: Db | undefined, work: (tx: Db) => Promise<T>): Promise<T> {
      return tx ? work(tx) : db.transaction((t) => work(t));
    },

    async post(
      tx: Db,
      entry: { kind: EntryKind; intentId: string; description: string },
      legs: { leg: Leg; amount: bigint }[],
    ): Promise<boolean> {
      const total = legs.reduce((sum, { amount }) => sum + amount, 0n);
      if (total !== 0n) throw new Error(`unbalanced entry ${entry.kind}: postings sum to ${total}`);
      if (legs.some(({ amount }) => amount === 0n)) throw new Error(`zero posting in ${entry.kind}`);
      const rows = [];
      for (const { leg, amount } of legs) {
        const accountId =
          'account' in leg
            ? leg.account
            : 'wallet' in leg
              ? (await repo.walletOf(leg.wallet, tx)).id
              : await systemId(leg.system, tx);
        rows.push({ accountId, amount });
      }
      return repo.insertEntryWithPostings(entry, rows, tx);
    },
  };
}

export type Journal = ReturnType<typeof createJournal>;
