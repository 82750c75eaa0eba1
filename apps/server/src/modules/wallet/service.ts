import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { createPaymentEntries } from './payment-entries.ts';
import { createLedgerRepo } from './repo.ts';

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
  | 'SUBSCRIPTION';

export const insufficientFundsMessage = 'Your wallet balance is not enough for this withdrawal and its fee.';
export { type Provider, walletPaymentShortMessage } from './payment-entries.ts';

/** A posting's account: a player's wallet, a system account, or an account id already in hand. */
export type Leg = { wallet: string } | { system: SystemAccount } | { account: string };

/**
 * The ledger (ADR 0007). Every function writes one balanced journal entry in one transaction (the
 * caller's `tx` when given, so a payment intent and its entry commit together) and is idempotent per
 * intent: a second call for the same intent and kind changes nothing and returns false.
 */
export function createWalletService(db: Db) {
  const repo = createLedgerRepo(db);
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

  const inTx = <T>(tx: Db | undefined, work: (tx: Db) => Promise<T>) =>
    tx ? work(tx) : db.transaction((t) => work(t));

  async function post(
    tx: Db,
    entry: { kind: EntryKind; intentId: string; description: string },
    legs: { leg: Leg; amount: bigint }[],
  ): Promise<boolean> {
    const total = legs.reduce((sum, { amount }) => sum + amount, 0n);
    if (total !== 0n) throw new Error(`unbalanced entry ${entry.kind}: postings sum to ${total}`);
    if (legs.some(({ amount }) => amount === 0n)) throw new Error(`zero posting in ${entry.kind}`);
    const entryId = await repo.insertEntry(entry, tx);
    if (!entryId) return false;
    const rows = [];
    for (const { leg, amount } of legs) {
      const accountId =
        'account' in leg
          ? leg.account
          : 'wallet' in leg
            ? (await repo.walletOf(leg.wallet, tx)).id
            : await systemId(leg.system, tx);
      rows.push({ entryId, accountId, amount });
    }
    await repo.insertPostings(rows, tx);
    return true;
  }

  return {
    ...createPaymentEntries({ repo, inTx, post }),

    /** A completed M-Pesa top-up: mpesa clearing → the player's wallet. */
    creditFromMpesa(
      input: { uid: string; amountCents: bigint; intentId: string; description: string },
      tx?: Db,
    ) {
      return inTx(tx, (t) =>
        post(t, { kind: 'TOPUP', intentId: input.intentId, description: input.description }, [
          { leg: { system: 'MPESA_CLEARING' }, amount: -input.amountCents },
          { leg: { wallet: input.uid }, amount: input.amountCents },
        ]),
      );
    },

    /**
     * First phase of a withdrawal: amount + fee leave the wallet for pending payouts, under the
     * wallet's row lock. INSUFFICIENT_FUNDS when the wallet cannot cover both.
     */
    reserveWithdrawal(
      input: { uid: string; amountCents: bigint; feeCents: bigint; intentId: string; description: string },
      tx?: Db,
    ) {
      return inTx(tx, async (t) => {
        const wallet = await repo.lockWallet(input.uid, t);
        const total = input.amountCents + input.feeCents;
        if (wallet.balance < total) throw new AppError('INSUFFICIENT_FUNDS', insufficientFundsMessage);
        return post(
          t,
          { kind: 'WITHDRAWAL_RESERVE', intentId: input.intentId, description: input.description },
          [
            { leg: { account: wallet.id }, amount: -total },
            { leg: { system: 'PENDING_PAYOUTS' }, amount: total },
          ],
        );
      });
    },

    /** The payout went through: pending → mpesa clearing (amount) and withdrawal fees (fee). */
    settleWithdrawal(
      input: { amountCents: bigint; feeCents: bigint; intentId: string; description: string },
      tx?: Db,
    ) {
      const legs: { leg: Leg; amount: bigint }[] = [
        { leg: { system: 'PENDING_PAYOUTS' }, amount: -(input.amountCents + input.feeCents) },
        { leg: { system: 'MPESA_CLEARING' }, amount: input.amountCents },
      ];
      if (input.feeCents > 0n) legs.push({ leg: { system: 'WITHDRAWAL_FEES' }, amount: input.feeCents });
      return inTx(tx, (t) =>
        post(
          t,
          { kind: 'WITHDRAWAL_SETTLE', intentId: input.intentId, description: input.description },
          legs,
        ),
      );
    },

    /** The payout failed: pending → back to the wallet, amount and fee. */
    reverseWithdrawal(
      input: { uid: string; amountCents: bigint; feeCents: bigint; intentId: string; description: string },
      tx?: Db,
    ) {
      const total = input.amountCents + input.feeCents;
      return inTx(tx, (t) =>
        post(t, { kind: 'WITHDRAWAL_REVERSAL', intentId: input.intentId, description: input.description }, [
          { leg: { system: 'PENDING_PAYOUTS' }, amount: -total },
          { leg: { wallet: input.uid }, amount: total },
        ]),
      );
    },

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
