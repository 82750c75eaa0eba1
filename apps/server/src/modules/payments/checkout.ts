import type { PaymentIntent } from '@playon/shared/payments';
import type { Db } from '../../platform/db.ts';
import type { JobQueue } from '../../platform/jobs/index.ts';
import type { IntentRepo, IntentRow } from './intents/repo.ts';
import { toPaymentIntent } from './intents/wire.ts';
import { RECONCILE_JOB, reconcileJobKey } from './jobs.ts';
import type { StartAirtime } from './providers/airtime/checkout.ts';
import type { StartCard } from './providers/card/checkout.ts';
import type { PromptGuard } from './providers/mpesa/prompt-guard.ts';
import type { StkPush } from './providers/mpesa/stk-push.ts';
import type { CheckoutRequest } from './requests.ts';

/**
 * Starting a payment, whatever it is for: WALLET completes at once in one transaction; the others
 * record the intent with its reconciliation job (and the request's idempotency answer), then hand
 * it to their provider's checkout (STK Push, the card gateway's page, an airtime charge).
 */
export function createCheckout({
  db,
  intents,
  jobs,
  reconcileAfterMs,
  prompts,
  providers,
}: {
  db: Db;
  intents: Pick<IntentRepo, 'insertIntent' | 'byId'>;
  jobs: JobQueue;
  reconcileAfterMs: number;
  prompts: PromptGuard;
  providers: {
    wallet: (request: CheckoutRequest) => Promise<PaymentIntent>;
    mpesa: StkPush;
    card: StartCard;
    airtime: StartAirtime;
  };
}) {
  const record = (request: CheckoutRequest) => async (tx: Db) => {
    const row = await intents.insertIntent(
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
      { delayMs: reconcileAfterMs, key: reconcileJobKey(row.id) },
      tx,
    );
    await request.onCommitted?.(toPaymentIntent(row), tx);
    return row;
  };

  return async function start(request: CheckoutRequest): Promise<PaymentIntent> {
    if (request.method === 'WALLET') return providers.wallet(request);

    // An STK push waits for the phone's open prompt to end, and counts against the phone's limit.
    const created =
      request.method === 'MPESA' && request.phone
        ? await prompts.withPhone(request.phone, record(request))
        : await db.transaction(record(request));

    let row: IntentRow | undefined;
    if (request.method === 'MPESA') row = await providers.mpesa(created, request);
    else if (request.method === 'CARD') row = await providers.card(created, request.email);
    else if (request.method === 'SAFARICOM_CREDIT')
      row = await providers.airtime(created, request.description);
    else throw new Error(`cannot start a payment with ${request.method}`);
    return toPaymentIntent(row ?? (await intents.byId(created.id)) ?? created);
  };
}

export type StartCheckout = ReturnType<typeof createCheckout>;
