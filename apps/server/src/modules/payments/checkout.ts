import type { PaymentIntent } from '@playon/shared/payments';
import type { Db } from '../../platform/db.ts';
import type { JobQueue } from '../../platform/jobs/index.ts';
import type { IntentRepo } from './intents/repo.ts';
import { toPaymentIntent } from './intents/wire.ts';
import { RECONCILE_JOB, reconcileJobKey } from './jobs.ts';
import type { BuiltProvider } from './providers/provider.ts';
import type { CheckoutRequest } from './requests.ts';

/**
 * Starting a payment, whatever it is for: WALLET completes at once in one transaction; the others
 * record the intent with its reconciliation job (and the request's idempotency answer), then hand
 * it to their provider's checkout (STK Push, the card gateway's page, an airtime charge). A method
 * whose provider is off was refused before (methods.ts): here it is a bug.
 */
export function createCheckout({
  db,
  intents,
  jobs,
  reconcileAfterMs,
  wallet,
  providerOf,
}: {
  db: Db;
  intents: Pick<IntentRepo, 'insertIntent' | 'byId'>;
  jobs: JobQueue;
  reconcileAfterMs: number;
  wallet: (request: CheckoutRequest) => Promise<PaymentIntent>;
  /** The provider of a method, when it is on (providers/compose.ts). */
  providerOf: (methodCode: string) => Pick<BuiltProvider, 'record' | 'checkout'> | undefined;
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
    if (request.method === 'WALLET') return wallet(request);
    const provider = providerOf(request.method);
    if (!provider) throw new Error(`cannot start a payment with ${request.method}`);

    const created = provider.record
      ? await provider.record(request, record(request))
      : await db.transaction(record(request));
    const row = await provider.checkout(created, request);
    return toPaymentIntent(row ?? (await intents.byId(created.id)) ?? created);
  };
}

export type StartCheckout = ReturnType<typeof createCheckout>;
