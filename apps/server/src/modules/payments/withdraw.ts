import { randomUUID } from 'node:crypto';
import { type PaymentIntent, toCents, type WithdrawRequestSchema } from '@playon/shared/payments';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { enqueueStatement, type JobQueue } from '../../platform/jobs/index.ts';
import type { Player } from '../auth/service.ts';
import type { ReserveOutcomeRow, WalletService } from '../wallet/service.ts';
import type { IntentRepo } from './intents/repo.ts';
import { toPaymentIntent } from './intents/wire.ts';
import { RECONCILE_JOB, SEND_PAYOUT_JOB } from './job-names.ts';
import { checkLimits, type FeeBand, feeFor, type Methods } from './methods.ts';
import type { OnCommitted } from './requests.ts';
import { createWithdrawalBatches } from './withdraw-batches.ts';

/** The CTE of a withdrawal's statement holding its intent: what the writes carried with it read. */
const INTENT_CTE = 'intent';

/**
 * Withdrawals (`POST /api/wallets/withdraw`): amount + fee are reserved from the wallet and the
 * player is answered; a durable job then sends the payout (providers/mpesa/payout.ts).
 */
export function createWithdrawals({
  db,
  intents,
  wallet,
  methods,
  jobs,
  limits,
  fees,
  reconcileAfterMs,
}: {
  db: Db;
  intents: Pick<IntentRepo, 'insertIntentCarrying' | 'insertIntentsCarrying'>;
  wallet: Pick<WalletService, 'reserveWithdrawalWith' | 'reserveWithdrawalsWith'>;
  methods: Pick<Methods, 'method'>;
  jobs: JobQueue;
  /** The B2C limits in KES. */
  limits: { min: number; max: number };
  fees: FeeBand[];
  reconcileAfterMs: number;
}) {
  /**
   * What a withdrawal writes, all decided before any statement (the intent's times included), so the
   * player's answer is known before it runs and the statement can store it: the method and limits
   * checked, the fee, the intent's row, the intent as answered, and its payout and reconcile jobs.
   */
  async function prepare(player: Player, body: z.output<typeof WithdrawRequestSchema>, on: Db) {
    const chosen = await methods.method(body.paymentMethodId, 'WITHDRAWAL', on);
    checkLimits(body.amount, limits);
    const amountCents = toCents(body.amount);
    const feeCents = toCents(feeFor(body.amount, fees));
    const id = randomUUID();
    const now = new Date();
    const values = {
      id,
      playerUid: player.uid,
      walletUid: player.uid,
      type: 'WITHDRAWAL',
      status: 'PENDING',
      methodCode: chosen.code,
      amountCents,
      feeCents,
      phone: body.mpesaPhoneNumber,
      originatorConversationId: id,
      message: null,
      createdAt: now,
      updatedAt: now,
    };
    return {
      values,
      started: toPaymentIntent({ ...values, sessionUrl: null }),
      reserve: { uid: player.uid, amountCents, feeCents, intentId: id, description: 'Withdrawal to M-Pesa' },
      /** Its payout and reconcile jobs, written only with the intent (the CTE `after`). */
      jobs: (after: string) =>
        enqueueStatement(
          [
            { kind: SEND_PAYOUT_JOB, payload: { intentId: id }, options: { key: `payout:${id}` } },
            {
              kind: RECONCILE_JOB,
              payload: { intentId: id },
              options: { delayMs: reconcileAfterMs, key: `reconcile:${id}` },
            },
          ],
          now.getTime(),
          after,
        ),
    };
  }
  type Prepared = Awaited<ReturnType<typeof prepare>>;

  /**
   * The withdrawal as one statement on `on` (ADR 0028, 0043): the wallet's row lock, the balance
   * check, the reserve's entry and postings, the intent, its payout and reconcile jobs, and
   * `alsoWrite(intent)`'s INSERTs reading the CTE `intent` (the request's Idempotency-Key with its
   * answer), all written only when the wallet covers amount + fee. A crash after it is picked up from
   * the job table.
   */
  async function withdrawAs(
    on: Db,
    prepared: Prepared,
    alsoWrite: (intent: PaymentIntent, after: string) => SQL[],
  ): Promise<PaymentIntent> {
    const { values, started, reserve: asked } = prepared;
    const { intent: written } = await wallet.reserveWithdrawalWith(asked, on, async (reserve) => {
      const { intent, carried } = await intents.insertIntentCarrying<ReserveOutcomeRow>(
        values,
        [prepared.jobs(INTENT_CTE), ...alsoWrite(started, INTENT_CTE)],
        reserve,
        on,
      );
      return { ...carried, intent };
    });
    if (!written) throw new Error(`withdrawal ${values.id}: reserve written without its intent`);
    return started;
  }

  /**
   * Several players' withdrawals as one statement on the pool (group commit, ADR 0044): each as
   * `withdrawAs` would write it, the reserves in one pass over the wallets. Each request's jobs and
   * key read a CTE of its own that holds its intent once written. Answers each request's intent, or
   * its INSUFFICIENT_FUNDS (nothing of that one written). A failure of the statement is the batch's:
   * nothing of it was written.
   */
  async function withdrawTogether(
    batch: { prepared: Prepared; answerWrite: (intent: PaymentIntent, after: string) => SQL }[],
  ): Promise<(PaymentIntent | Error)[]> {
    const alongside = batch.flatMap(({ prepared, answerWrite }, i) => {
      const after = `written_${i}`;
      return [
        {
          name: after,
          write: sql`select from ${sql.identifier(INTENT_CTE)} where id = ${prepared.values.id}::uuid`,
        },
        { name: `jobs_${i}`, write: prepared.jobs(after) },
        { name: `key_${i}`, write: answerWrite(prepared.started, after) },
      ];
    });
    const outcomes = await wallet.reserveWithdrawalsWith(
      batch.map(({ prepared }) => prepared.reserve),
      db,
      async (reserve) => {
        const rows = await intents.insertIntentsCarrying<ReserveOutcomeRow & { reserve_intent_id: string }>(
          batch.map(({ prepared }) => prepared.values),
          alongside,
          reserve,
          db,
        );
        return rows.map(({ intent, carried }) => ({ ...carried, intent }));
      },
    );
    return batch.map(({ prepared }) => {
      const outcome = outcomes.get(prepared.values.id);
      if (outcome instanceof Error) return outcome;
      if (!outcome?.intent)
        return new Error(`withdrawal ${prepared.values.id}: reserve written without its intent`);
      return prepared.started;
    });
  }

  const batches = createWithdrawalBatches({
    alone: ({ prepared, answerWrite }) =>
      withdrawAs(db, prepared, (intent, after) => [answerWrite(intent, after)]),
    together: withdrawTogether,
  });

  return {
    /**
     * A withdrawal in one statement on the pool, with no BEGIN or COMMIT, shared with the others asked
     * for meanwhile (ADR 0044): `answerWrite(intent, after)` is the request's Idempotency-Key with its
     * answer (`answerOnceInStatement`).
     */
    async withdrawWith(
      player: Player,
      body: z.output<typeof WithdrawRequestSchema>,
      answerWrite: (intent: PaymentIntent, after: string) => SQL,
    ): Promise<PaymentIntent> {
      return batches.withdraw(player.uid, { prepared: await prepare(player, body, db), answerWrite });
    },
    /** After a withdrawal committed: the job worker looks for its payout now, not at its next tick. */
    payoutsDue: () => jobs.kick(),
    /** A withdrawal in a transaction of its own; `onCommitted` runs inside it with the payment. */
    async withdraw(
      player: Player,
      body: z.output<typeof WithdrawRequestSchema>,
      onCommitted?: OnCommitted,
    ): Promise<PaymentIntent> {
      const intent = await db.transaction(async (tx: Db) => {
        const started = await withdrawAs(tx, await prepare(player, body, tx), () => []);
        await onCommitted?.(started, tx);
        return started;
      });
      jobs.kick();
      return intent;
    },
  };
}
