import { randomUUID } from 'node:crypto';
import { type PaymentIntent, toCents, type WithdrawRequestSchema } from '@playon/shared/payments';
import type { SQL } from 'drizzle-orm';
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
  intents: Pick<IntentRepo, 'insertIntentCarrying'>;
  wallet: Pick<WalletService, 'reserveWithdrawalWith'>;
  methods: Pick<Methods, 'method'>;
  jobs: JobQueue;
  /** The B2C limits in KES. */
  limits: { min: number; max: number };
  fees: FeeBand[];
  reconcileAfterMs: number;
}) {
  /**
   * The withdrawal as one statement on `on` (ADR 0028, 0043): the wallet's row lock, the balance
   * check, the reserve's entry and postings, the intent, its payout and reconcile jobs, and
   * `alsoWrite(intent)`'s INSERTs reading the CTE `intent` (the request's Idempotency-Key with its
   * answer), all written only when the wallet covers amount + fee. Every value is decided before the
   * statement (the intent's times included), so the player's answer is known before it runs and the
   * statement can store it. A crash after it is picked up from the job table.
   */
  async function withdrawAs(
    on: Db,
    player: Player,
    body: z.output<typeof WithdrawRequestSchema>,
    alsoWrite: (intent: PaymentIntent, after: string) => SQL[],
  ): Promise<PaymentIntent> {
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
    const started = toPaymentIntent({ ...values, sessionUrl: null });
    const { intent: written } = await wallet.reserveWithdrawalWith(
      { uid: player.uid, amountCents, feeCents, intentId: id, description: 'Withdrawal to M-Pesa' },
      on,
      async (reserve) => {
        const { intent, carried } = await intents.insertIntentCarrying<ReserveOutcomeRow>(
          values,
          [
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
              INTENT_CTE,
            ),
            ...alsoWrite(started, INTENT_CTE),
          ],
          reserve,
          on,
        );
        return { ...carried, intent };
      },
    );
    if (!written) throw new Error(`withdrawal ${id}: reserve written without its intent`);
    return started;
  }

  return {
    /**
     * A withdrawal in one statement on the pool, with no BEGIN or COMMIT: `answerWrite(intent,
     * after)` is the request's Idempotency-Key with its answer (`answerOnceInStatement`).
     */
    withdrawWith(
      player: Player,
      body: z.output<typeof WithdrawRequestSchema>,
      answerWrite: (intent: PaymentIntent, after: string) => SQL,
    ): Promise<PaymentIntent> {
      return withdrawAs(db, player, body, (intent, after) => [answerWrite(intent, after)]);
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
        const started = await withdrawAs(tx, player, body, () => []);
        await onCommitted?.(started, tx);
        return started;
      });
      jobs.kick();
      return intent;
    },
  };
}
