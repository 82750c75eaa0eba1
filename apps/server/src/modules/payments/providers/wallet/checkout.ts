import type { PaymentIntent } from '@playon/shared/payments';
import type { Db } from '../../../../platform/db.ts';
import type { Lifecycle } from '../../intents/lifecycle.ts';
import type { IntentRepo } from '../../intents/repo.ts';
import { toPaymentIntent } from '../../intents/wire.ts';
import type { CheckoutRequest } from '../../requests.ts';

/**
 * Paying from the wallet: no provider to wait for. The intent is recorded and completed in one
 * transaction, its ledger entry refused with INSUFFICIENT_FUNDS (and everything rolled back) when
 * the balance is short.
 */
export function createWalletCheckout({
  db,
  intents,
  lifecycle,
}: {
  db: Db;
  intents: Pick<IntentRepo, 'insertIntent'>;
  lifecycle: Pick<Lifecycle, 'completeIn' | 'publish'>;
}) {
  return async function payFromWallet(request: CheckoutRequest): Promise<PaymentIntent> {
    const row = await db.transaction(async (tx) => {
      const created = await intents.insertIntent(
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
      const paidAt = new Date();
      const done = await lifecycle.completeIn(tx, created, { providerCompletedAt: paidAt }, paidAt);
      if (!done) throw new Error(`wallet payment ${created.id} could not complete`);
      await request.onCommitted?.(toPaymentIntent(done), tx);
      return done;
    });
    await lifecycle.publish(row);
    return toPaymentIntent(row);
  };
}
