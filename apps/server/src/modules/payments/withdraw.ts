import { randomUUID } from 'node:crypto';
import { type PaymentIntent, toCents, type WithdrawRequestSchema } from '@playon/shared/payments';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { keysStatement } from '../../platform/idempotency/index.ts';
import type { AnswerWrite } from '../../platform/idempotency/respond.ts';
import {
  enqueueGatedStatement,
  enqueueStatement,
  type JobQueue,
  jobOrigin,
  type NewJob,
} from '../../platform/jobs/index.ts';
import type { Player } from '../auth/service.ts';
import type { ReserveOutcomeRow, WalletService } from '../wallet/service.ts';
import type { IntentRepo } from './intents/repo.ts';
import { toPaymentIntent } from './intents/wire.ts';
import { RECONCILE_JOB, reconcileJobKey, SEND_PAYOUT_JOB } from './jobs.ts';
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
    /**
     * Its payout and reconcile jobs, written only with the intent; they run as part of this request
     * (ADR 0051) even when a batch of others' withdrawals writes them.
     */
    const origin = jobOrigin();
    const jobList: NewJob[] = [
      {
        kind: SEND_PAYOUT_JOB,
        payload: { intentId: id },
        options: { key: `payout:${id}`, runAt: now },
        origin,
      },
      {
        kind: RECONCILE_JOB,
        payload: { intentId: id },
        options: { key: reconcileJobKey(id), runAt: new Date(now.getTime() + reconcileAfterMs) },
        origin,
      },
    ];
    return {
      values,
      started: toPaymentIntent({ ...values, sessionUrl: null }),
      reserve: { uid: player.uid, amountCents, feeCents, intentId: id, description: 'Withdrawal to M-Pesa' },
      jobList,
      /** The jobs as an INSERT for each row of the statement's CTE `after`. */
      jobs: (after: string) => enqueueStatement(jobList, now.getTime(), after),
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
   * `withdrawAs` would write it, the reserves in one pass over the wallets. All the requests' jobs
   * go in one INSERT and all their keys in another, each row written only with its own intent, from
   * one array per column: the statement's text is the same for any batch, so it is prepared once.
   * Answers each request's intent, or its INSUFFICIENT_FUNDS (nothing of that one written). A
   * failure of the statement is the batch's: nothing of it was written.
   */
  async function withdrawTogether(
    batch: { prepared: Prepared; answerWrite: AnswerWrite<PaymentIntent> }[],
  ): Promise<(PaymentIntent | Error)[]> {
    const gated = <Row>(rows: (prepared: Prepared, answerWrite: AnswerWrite<PaymentIntent>) => Row[]) =>
      batch.flatMap(({ prepared, answerWrite }) =>
        rows(prepared, answerWrite).map((row) => ({ ...row, gate: prepared.values.id })),
      );
    const alongside = [
      {
        name: 'jobs',
        write: enqueueGatedStatement(
          gated((prepared) => prepared.jobList),
          Date.now(),
          INTENT_CTE,
        ),
      },
      {
        name: 'keys',
        write: keysStatement(
          gated((prepared, answerWrite) => [answerWrite.row(prepared.started)]),
          INTENT_CTE,
        ),
      },
    ];
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
      answerWrite: AnswerWrite<PaymentIntent>,
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
