import { insufficientFundsMessage } from '@playon/shared/wallet';
import type { SQL } from 'drizzle-orm';
import type { Bound, Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Journal, Leg } from './journal.ts';
import {
  type LedgerRepo,
  type ReserveOutcomeRow,
  reserveCtes,
  reserveGate,
  reserveManyCtes,
  reserveManyFrom,
  reserveManyKey,
  reserveManyOutcomeColumns,
  reserveOutcomeColumns,
  reserveOutcomeOf,
} from './repo.ts';

type ReserveRequest = {
  uid: string;
  amountCents: bigint;
  feeCents: bigint;
  intentId: string;
  description: string;
};

export { insufficientFundsMessage };

/**
 * A withdrawal's two phases on the ledger: amount + fee reserved from the wallet when it is asked
 * for, then settled to M-Pesa clearing and fees when the payout went through, or reversed to the
 * wallet when it failed.
 */
export function createWithdrawalEntries(repo: LedgerRepo, { inTx, post, systemAccountId }: Journal) {
  return {
    /**
     * First phase of a withdrawal: amount + fee leave the wallet for pending payouts, under the
     * wallet's row lock. INSUFFICIENT_FUNDS when the wallet cannot cover both; false when this
     * intent's reserve was already written.
     */
    reserveWithdrawal(input: ReserveRequest, tx?: Db) {
      const total = input.amountCents + input.feeCents;
      if (total <= 0n) throw new Error('a withdrawal reserves a positive amount');
      return inTx(tx, async (t) => {
        // One statement: the lock, the balance check, the entry and its postings (repo.reserveFromWallet).
        const { balance, entryId } = await repo.reserveFromWallet(
          {
            uid: input.uid,
            total,
            toAccount: await systemAccountId('PENDING_PAYOUTS', t),
            intentId: input.intentId,
            description: input.description,
          },
          t,
        );
        if (balance === null || balance < total)
          throw new AppError('INSUFFICIENT_FUNDS', insufficientFundsMessage);
        return entryId !== null;
      });
    },

    /**
     * The same reserve carried by the caller's own statement (a withdrawal's intent, jobs and key,
     * one round trip in all): `send` runs, on `db` (a transaction or the pool), a statement with
     * `reserve.ctes` in its WITH, its own writes made only when the CTE `reserve.gate` has a row (the
     * reserve was written), and `reserve.outcome` among its columns, and answers its row.
     * INSUFFICIENT_FUNDS as above; the statement then wrote nothing.
     */
    async reserveWithdrawalWith<Row extends ReserveOutcomeRow>(
      input: ReserveRequest,
      db: Db,
      send: (reserve: { ctes: SQL; gate: string; outcome: SQL }) => Promise<Row | undefined>,
    ): Promise<Row> {
      const total = input.amountCents + input.feeCents;
      if (total <= 0n) throw new Error('a withdrawal reserves a positive amount');
      const ctes = reserveCtes({
        uid: input.uid,
        total,
        toAccount: await systemAccountId('PENDING_PAYOUTS', db),
        intentId: input.intentId,
        description: input.description,
      });
      const row = await send({ ctes, gate: reserveGate, outcome: reserveOutcomeColumns });
      const { balance } = reserveOutcomeOf(row);
      if (!row || balance === null || balance < total)
        throw new AppError('INSUFFICIENT_FUNDS', insufficientFundsMessage);
      return row;
    },

    /**
     * Several withdrawals' reserves carried by one statement (group commit, ADR 0044), one per wallet:
     * `send` runs a statement with `reserve.ctes` in its WITH (its SQL and its values), its own writes made only for the intents
     * the CTE `reserve.gate` holds (column `intent_id`: their reserve was written), selecting
     * `reserve.outcome` and its own columns `from reserve.from` (one row per request, whose intent id
     * is `reserve.key`), and answers its rows. Each request gets its row, or INSUFFICIENT_FUNDS when
     * its wallet could not cover it (nothing of it was then written); the others are not affected.
     */
    async reserveWithdrawalsWith<Row extends ReserveOutcomeRow & { reserve_intent_id: string }>(
      inputs: ReserveRequest[],
      db: Db,
      send: (reserve: { ctes: Bound; gate: string; from: SQL; key: SQL; outcome: SQL }) => Promise<Row[]>,
    ): Promise<Map<string, Row | AppError>> {
      const totals = inputs.map((input) => input.amountCents + input.feeCents);
      if (totals.some((total) => total <= 0n)) throw new Error('a withdrawal reserves a positive amount');
      const ctes = reserveManyCtes(
        inputs.map((input, i) => ({
          uid: input.uid,
          total: totals[i] as bigint,
          intentId: input.intentId,
          description: input.description,
        })),
        await systemAccountId('PENDING_PAYOUTS', db),
      );
      const rows = await send({
        ctes,
        gate: reserveGate,
        from: reserveManyFrom,
        key: reserveManyKey,
        outcome: reserveManyOutcomeColumns,
      });
      const byIntent = new Map(rows.map((row) => [row.reserve_intent_id, row]));
      return new Map(
        inputs.map((input, i) => {
          const row = byIntent.get(input.intentId);
          const { balance } = reserveOutcomeOf(row);
          const covered = row && balance !== null && balance >= (totals[i] as bigint);
          return [
            input.intentId,
            covered ? row : new AppError('INSUFFICIENT_FUNDS', insufficientFundsMessage),
          ];
        }),
      );
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
    reverseWithdrawal(input: ReserveRequest, tx?: Db) {
      const total = input.amountCents + input.feeCents;
      return inTx(tx, (t) =>
        post(t, { kind: 'WITHDRAWAL_REVERSAL', intentId: input.intentId, description: input.description }, [
          { leg: { system: 'PENDING_PAYOUTS' }, amount: -total },
          { leg: { wallet: input.uid }, amount: total },
        ]),
      );
    },
  };
}
