import type { PaymentIntent, PaymentMethodCode } from '@playon/shared/payments';
import { DarajaError } from '../../platform/daraja/client.ts';
import type { Db } from '../../platform/db.ts';
import type { AirtimePayments } from './airtime.ts';
import type { CardPayments } from './card.ts';
import type { Completion } from './completion.ts';
import {
  type OnCommitted,
  type PaymentContext,
  paymentMessages,
  RECONCILE_JOB,
  toPaymentIntent,
} from './context.ts';
import { createPromptGuard } from './prompt-guard.ts';
import type { IntentRow } from './repo.ts';

/** Daraja refused the request outright (a 4xx with its error body): nothing reached the phone. */
const isClearRefusal = (error: DarajaError) =>
  error.status >= 400 && error.status < 500 && error.code !== null;

export interface CheckoutRequest {
  type: 'TOPUP' | 'BOOST' | 'SUBSCRIPTION';
  method: PaymentMethodCode;
  /** Who pays. */
  playerUid: string;
  /** Whose wallet is credited (top-up, boost) or debited (a subscription paid from the wallet). */
  walletUid: string;
  amountCents: bigint;
  /** Whole KES, for M-Pesa and airtime. */
  amount: number;
  phone: string | null;
  packageId: number | null;
  /** What the player's phone shows (STK Push, airtime prompt). */
  description: string;
  /** The payer's email from their token, for the card gateway. */
  email: string | null;
  onCommitted?: OnCommitted | undefined;
}

/**
 * Starting a payment, whatever it is for: WALLET completes at once in one transaction; the others
 * record the intent with its reconciliation job, then ask the provider (STK Push, the card gateway's
 * checkout, an airtime charge) and follow its answer.
 */
export function createCheckout(
  ctx: PaymentContext,
  completion: Completion,
  card: CardPayments,
  airtime: AirtimePayments,
) {
  const { db, config, repo, jobs, daraja, log, publish, callbackUrl } = ctx;
  const prompts = createPromptGuard(ctx);

  async function stkPush(created: IntentRow, request: CheckoutRequest) {
    try {
      const pushed = await daraja.stkPush({
        phone: request.phone ?? '',
        amount: request.amount,
        accountReference: 'PlayOn',
        description: request.description,
        callbackUrl: callbackUrl('stk'),
      });
      return await repo.transition(created.id, 'IN_PROGRESS', {
        merchantRequestId: pushed.merchantRequestId,
        checkoutRequestId: pushed.checkoutRequestId,
      });
    } catch (error) {
      if (!(error instanceof DarajaError)) throw error;
      if (isClearRefusal(error)) {
        log.warn({ err: error, intentId: created.id }, 'STK push refused');
        return repo.transition(created.id, 'ERROR', { message: paymentMessages.mpesaFailed });
      }
      // Timed out, unreachable or 5xx: the push may have reached the phone. Never shown as failed;
      // its callback is matched by phone and amount, or an operator decides (reconciliation).
      log.warn({ err: error, intentId: created.id }, 'STK push outcome unknown');
      return repo.transition(created.id, 'IN_PROGRESS', { message: paymentMessages.waitingForMpesa });
    }
  }

  async function payFromWallet(request: CheckoutRequest): Promise<PaymentIntent> {
    const row = await db.transaction(async (tx) => {
      const created = await repo.insertIntent(
        {
          playerUid: request.playerUid,
          walletUid: request.walletUid,
          type: request.type,
          methodCode: 'WALLET',
          amountCents: request.amountCents,
          packageId: request.packageId,
        },
        tx,
      );
      const done = await repo.transition(created.id, 'COMPLETED', { providerCompletedAt: new Date() }, tx);
      if (!done) throw new Error(`wallet payment ${created.id} could not complete`);
      // Refuses with INSUFFICIENT_FUNDS when the balance is short: the whole transaction rolls back.
      await completion.postPayment(done, done.updatedAt, tx);
      await request.onCommitted?.(toPaymentIntent(done), tx);
      return done;
    });
    await publish(row);
    return toPaymentIntent(row);
  }

  return {
    async start(request: CheckoutRequest): Promise<PaymentIntent> {
      if (request.method === 'WALLET') return payFromWallet(request);

      const createIntent = async (tx: Db) => {
        const row = await repo.insertIntent(
          {
            playerUid: request.playerUid,
            walletUid: request.walletUid,
            type: request.type,
            methodCode: request.method,
            amountCents: request.amountCents,
            phone: request.phone,
            packageId: request.packageId,
          },
          tx,
        );
        await jobs.enqueue(
          RECONCILE_JOB,
          { intentId: row.id },
          { delayMs: config.reconcileAfterMs, key: `reconcile:${row.id}` },
          tx,
        );
        await request.onCommitted?.(toPaymentIntent(row), tx);
        return row;
      };
      // An STK push waits for the phone's open prompt to end, and counts against the phone's limit.
      const created =
        request.method === 'MPESA' && request.phone
          ? await prompts.withPhone(request.phone, createIntent)
          : await db.transaction(createIntent);

      let row: IntentRow | undefined;
      if (request.method === 'MPESA') {
        row = await stkPush(created, request);
        await publish(row);
      } else if (request.method === 'CARD') {
        row = await card.start(created, request.email);
      } else if (request.method === 'SAFARICOM_CREDIT') {
        row = await airtime.start(created, request.description);
      } else {
        throw new Error(`cannot start a payment with ${request.method}`);
      }
      return toPaymentIntent(row ?? (await repo.byId(created.id)) ?? created);
    },
  };
}

export type Checkout = ReturnType<typeof createCheckout>;
