import { randomUUID } from 'node:crypto';
import { moneyOpsMessages } from '@playon/shared/ops-money';
import { toKes } from '@playon/shared/payments';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs/index.ts';
import type { SubscriptionService } from '../subscriptions/service.ts';
import type { RefundSource, WalletService } from '../wallet/service.ts';
import type { Lifecycle } from './intents/lifecycle.ts';
import type { IntentRepo, IntentRow } from './intents/repo.ts';
import { RECONCILE_JOB, reconcileJobKey, SEND_PAYOUT_JOB } from './jobs.ts';
import { checkLimits } from './methods.ts';
import type { RecordChange } from './requests.ts';

/** Payments whose money is still with us and can go back to the payer. */
const REFUNDABLE = new Set(['TOPUP', 'BOOST', 'SUBSCRIPTION']);

export interface RefundInput {
  intentId: string;
  destination: 'WALLET' | 'MPESA' | 'CARD';
  /** All that is left to refund when absent. */
  amountCents?: bigint | undefined;
  /** By M-Pesa: the number to pay; the payment's own phone when absent. */
  phone?: string | null | undefined;
}

const kes = (cents: bigint) => toKes(cents).toFixed(2);

/** What the operator should know beyond the refund itself. */
function noteOn(
  paid: IntentRow,
  inFull: boolean,
  subscriptionEnded: boolean,
  toMpesa: boolean,
  toCard: boolean,
) {
  if (paid.type === 'SUBSCRIPTION' && !inFull)
    return 'The subscription keeps running: only a refund of the whole price ends it.';
  if (paid.type === 'SUBSCRIPTION' && !subscriptionEnded) return 'The subscription had ended already.';
  if (toCard) return 'The card gateway is refunding it; its result shows on the refund.';
  return toMpesa ? 'The M-Pesa payout is on its way; its result shows on the refund.' : null;
}

/**
 * An operator's refund: a new REFUND intent and a new balanced entry from where the
 * payment put the money (the wallet a top-up or boost credited, subscription revenue) to the payer's
 * wallet, or to pending payouts for a B2C payout to their phone through the withdrawals' path or a
 * refund to the card through the card gateway (providers/card/refunds.ts, ADR 0069). Never
 * an edit of the payment. Under the payment's row lock: the refunds of one payment never add up to
 * more than it, also when two operators refund it at once.
 */
export function createRefunds({
  db,
  intents,
  wallet,
  lifecycle,
  subscriptions,
  jobs,
  payoutLimits,
  reconcileAfterMs,
}: {
  db: Db;
  intents: Pick<IntentRepo, 'lockById' | 'refundedOf' | 'insertIntent'>;
  wallet: Pick<WalletService, 'refund'>;
  lifecycle: Pick<Lifecycle, 'completeIn'>;
  subscriptions: Pick<SubscriptionService, 'endSubscriptionOf'>;
  jobs: JobQueue;
  /** The B2C limits in KES. */
  payoutLimits: { min: number; max: number };
  reconcileAfterMs: number;
}) {
  /** Who gets the money back and how much may still go: refused with the reason an operator reads. */
  function check(paid: IntentRow | undefined, refunded: bigint, input: RefundInput) {
    if (!paid) throw new AppError('NOT_FOUND', moneyOpsMessages.paymentNotFound);
    if (paid.status !== 'COMPLETED' || !REFUNDABLE.has(paid.type))
      throw new AppError('CONFLICT', moneyOpsMessages.notRefundable);
    const left = paid.amountCents - refunded;
    if (left <= 0n) throw new AppError('CONFLICT', moneyOpsMessages.refundedInFull);
    const amountCents = input.amountCents ?? left;
    if (amountCents > left) {
      const message = moneyOpsMessages.moreThanLeft(kes(left));
      throw new AppError('CONFLICT', message, { amount: message });
    }
    // A subscription's money is revenue; a top-up's or a boost's is in the wallet it credited.
    const from: RefundSource =
      paid.type === 'SUBSCRIPTION' ? { system: 'SUBSCRIPTION_REVENUE' } : { wallet: paid.walletUid };
    if (input.destination === 'WALLET') {
      if ('wallet' in from && from.wallet === paid.playerUid)
        throw new AppError('CONFLICT', moneyOpsMessages.topUpToWallet, {
          destination: moneyOpsMessages.topUpToWallet,
        });
      return { amountCents, from, phone: null };
    }
    if (input.destination === 'CARD') {
      if (paid.methodCode !== 'CARD')
        throw new AppError('CONFLICT', moneyOpsMessages.cardOnly, { destination: moneyOpsMessages.cardOnly });
      return { amountCents, from, phone: null };
    }
    const phone = input.phone ?? paid.phone;
    if (!phone)
      throw new AppError('BAD_REQUEST', moneyOpsMessages.phoneNeeded, {
        mpesaPhoneNumber: moneyOpsMessages.phoneNeeded,
      });
    if (amountCents % 100n !== 0n)
      throw new AppError('BAD_REQUEST', moneyOpsMessages.wholeShillings, {
        amount: moneyOpsMessages.wholeShillings,
      });
    checkLimits(toKes(amountCents), payoutLimits);
    return { amountCents, from, phone };
  }

  return async function refund(input: RefundInput, record: RecordChange) {
    const toMpesa = input.destination === 'MPESA';
    const toCard = input.destination === 'CARD';
    const leaves = toMpesa || toCard;
    const done = await db.transaction(async (tx) => {
      const paid = await intents.lockById(input.intentId, tx);
      const refunded = paid ? await intents.refundedOf(paid.id, tx) : 0n;
      const { amountCents, from, phone } = check(paid, refunded, input);
      if (!paid) throw new Error('unreachable: checked above');
      const id = randomUUID();
      const row = await intents.insertIntent(
        {
          id,
          type: 'REFUND',
          playerUid: paid.playerUid,
          walletUid: 'wallet' in from ? from.wallet : paid.playerUid,
          methodCode: toMpesa ? 'MPESA' : toCard ? 'CARD' : 'WALLET',
          amountCents,
          phone,
          refundOf: paid.id,
          originatorConversationId: toMpesa ? id : null,
        },
        tx,
      );
      await wallet.refund(
        {
          intentId: id,
          from,
          to: leaves ? { system: 'PENDING_PAYOUTS' } : { wallet: paid.playerUid },
          amountCents,
          description: `Refund of ${paid.type.toLowerCase()} ${paid.id}${toMpesa ? ' by M-Pesa' : toCard ? ' to the card' : ''}`,
        },
        tx,
      );
      let made: IntentRow | undefined = row;
      if (toMpesa) {
        // The payout leaves by the withdrawals' path: a durable job sends the B2C request.
        await jobs.enqueueAll(
          [
            { kind: SEND_PAYOUT_JOB, payload: { intentId: id }, options: { key: `payout:${id}` } },
            {
              kind: RECONCILE_JOB,
              payload: { intentId: id },
              options: { delayMs: reconcileAfterMs, key: reconcileJobKey(id) },
            },
          ],
          tx,
        );
      } else if (toCard) {
        // Reconciliation's job asks the gateway for it at once, then follows it (providers/card/refunds.ts).
        await jobs.enqueueAll(
          [{ kind: RECONCILE_JOB, payload: { intentId: id }, options: { key: reconcileJobKey(id) } }],
          tx,
        );
      } else {
        const now = new Date();
        made = await lifecycle.completeIn(tx, row, { providerCompletedAt: now }, now);
        if (!made) throw new Error(`refund ${id} could not complete`);
      }
      const total = refunded + amountCents;
      // A subscription refunded in full ends now; a partial refund (a goodwill gesture) leaves it.
      const subscriptionEnded =
        paid.type === 'SUBSCRIPTION' && total === paid.amountCents
          ? await subscriptions.endSubscriptionOf(paid.id, new Date(), tx)
          : false;
      await record(tx, {
        before: { status: paid.status, amount: kes(paid.amountCents), refunded: kes(refunded) },
        after: {
          refundId: id,
          destination: input.destination,
          amount: kes(amountCents),
          phone,
          refunded: kes(total),
          subscriptionEnded,
        },
      });
      return { refund: made, payment: paid, subscriptionEnded, inFull: total === paid.amountCents };
    });
    if (leaves) jobs.kick();
    const { inFull, ...result } = done;
    return { ...result, note: noteOn(done.payment, inFull, done.subscriptionEnded, toMpesa, toCard) };
  };
}

export type Refund = ReturnType<typeof createRefunds>;
