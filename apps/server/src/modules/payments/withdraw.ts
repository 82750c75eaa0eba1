import { randomUUID } from 'node:crypto';
import { type PaymentIntent, toCents, type WithdrawRequestSchema } from '@playon/shared/payments';
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
  /** The withdrawal inside the caller's transaction `tx`: checked, reserved, its payout jobs queued. */
  async function withdrawIn(
    tx: Db,
    player: Player,
    body: z.output<typeof WithdrawRequestSchema>,
  ): Promise<PaymentIntent> {
    const chosen = await methods.method(body.paymentMethodId, 'WITHDRAWAL', tx);
    checkLimits(body.amount, limits);
    const amountCents = toCents(body.amount);
    const feeCents = toCents(feeFor(body.amount, fees));
    const id = randomUUID();
    // The reserve, the intent and its jobs in one statement (ADR 0028): the B2C request leaves the
    // request path (a durable job sends it), so a crash after the reservation is picked up from the
    // job table. A wallet that cannot cover it is refused and the transaction rolls it all back.
    const { intent: row } = await wallet.reserveWithdrawalWith(
      { uid: player.uid, amountCents, feeCents, intentId: id, description: 'Withdrawal to M-Pesa' },
      tx,
      async (reserve) => {
        const { intent, carried } = await intents.insertIntentCarrying<ReserveOutcomeRow>(
          {
            id,
            playerUid: player.uid,
            walletUid: player.uid,
            type: 'WITHDRAWAL',
            methodCode: chosen.code,
            amountCents,
            feeCents,
            phone: body.mpesaPhoneNumber,
            originatorConversationId: id,
          },
          enqueueStatement([
            { kind: SEND_PAYOUT_JOB, payload: { intentId: id }, options: { key: `payout:${id}` } },
            {
              kind: RECONCILE_JOB,
              payload: { intentId: id },
              options: { delayMs: reconcileAfterMs, key: `reconcile:${id}` },
            },
          ]),
          reserve,
          tx,
        );
        return { ...carried, intent };
      },
    );
    return toPaymentIntent(row);
  }

  return {
    withdrawIn,
    /** After a withdrawal committed: the job worker looks for its payout now, not at its next tick. */
    payoutsDue: () => jobs.kick(),
    /** A withdrawal in a transaction of its own; `onCommitted` runs inside it with the payment. */
    async withdraw(
      player: Player,
      body: z.output<typeof WithdrawRequestSchema>,
      onCommitted?: OnCommitted,
    ): Promise<PaymentIntent> {
      const intent = await db.transaction(async (tx: Db) => {
        const started = await withdrawIn(tx, player, body);
        await onCommitted?.(started, tx);
        return started;
      });
      jobs.kick();
      return intent;
    },
  };
}
