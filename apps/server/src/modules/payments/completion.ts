import type { Db } from '../../platform/db.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import type { Provider } from '../wallet/service.ts';
import type { PaymentContext } from './context.ts';
import type { IntentRow } from './repo.ts';

type IntentChanges = Parameters<PaymentContext['repo']['transition']>[2];

const providers: Record<string, Provider | undefined> = {
  MPESA: 'MPESA',
  CARD: 'CARD',
  SAFARICOM_CREDIT: 'AIRTIME',
};

/**
 * What a paid intent does to the ledger, whatever paid it: a top-up credits the wallet, a boost
 * credits the friend's wallet, a subscription pays subscription revenue and activates the package,
 * all in the caller's transaction, together with the intent's move to COMPLETED.
 */
export function createCompletion(ctx: PaymentContext) {
  const { db, repo, wallet, subscriptions, log, publish } = ctx;

  /** Posts the ledger entry (and activates the subscription) of a COMPLETED intent, in `tx`. */
  async function postPayment(done: IntentRow, paidAt: Date, tx: Db): Promise<void> {
    const money = { amountCents: done.amountCents, intentId: done.id };
    const provider = providers[done.methodCode];
    switch (done.type) {
      case 'TOPUP': {
        if (provider === 'CARD') {
          await wallet.creditFromCard({ ...money, uid: done.walletUid, description: 'Top up by card' }, tx);
          return;
        }
        if (provider !== 'MPESA') throw new Error(`a top-up cannot be paid with ${done.methodCode}`);
        await wallet.creditFromMpesa(
          { ...money, uid: done.walletUid, description: 'Top up from M-Pesa' },
          tx,
        );
        return;
      }
      case 'BOOST': {
        // By uid: the ledger outlives usernames, which players may change.
        const description = `Boost from ${done.playerUid} to ${done.walletUid}`;
        if (done.methodCode === 'WALLET') {
          await wallet.boostFromWallet(
            { ...money, payerUid: done.playerUid, friendUid: done.walletUid, description },
            tx,
          );
          return;
        }
        if (!provider || provider === 'AIRTIME')
          throw new Error(`a boost cannot be paid with ${done.methodCode}`);
        await wallet.boostFromProvider({ ...money, provider, friendUid: done.walletUid, description }, tx);
        return;
      }
      case 'SUBSCRIPTION': {
        if (done.packageId === null) throw new Error(`subscription intent ${done.id} has no package`);
        const description = `Subscription (package ${done.packageId})`;
        if (done.methodCode === 'WALLET') {
          await wallet.subscriptionFromWallet({ ...money, uid: done.walletUid, description }, tx);
        } else {
          if (!provider) throw new Error(`a subscription cannot be paid with ${done.methodCode}`);
          await wallet.subscriptionFromProvider({ ...money, provider, description }, tx);
        }
        await subscriptions.activateSubscription(
          { uid: done.walletUid, packageId: done.packageId, intentId: done.id, paidAt },
          tx,
        );
        return;
      }
      default:
        throw new Error(`intent ${done.id} of type ${done.type} is not a payment`);
    }
  }

  /**
   * A provider said the intent is paid: COMPLETED and its ledger entry in one transaction, once (a
   * repeat finds nothing to move). A provider reference already used by another intent is refused.
   */
  async function complete(
    intent: IntentRow,
    set: IntentChanges,
    paidAt: Date,
  ): Promise<IntentRow | undefined> {
    let row: IntentRow | undefined;
    try {
      row = await db.transaction(async (tx) => {
        const done = await repo.transition(intent.id, 'COMPLETED', { ...set, message: null }, tx);
        if (done) await postPayment(done, paidAt, tx);
        return done;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      log.error({ intentId: intent.id }, 'provider reference already used by another payment: refused');
      return undefined;
    }
    await publish(row);
    return row;
  }

  /** A provider said the payment failed (or was cancelled): nothing moves; the player reads `message`. */
  async function fail(
    intent: IntentRow,
    status: 'ERROR' | 'CANCELLED',
    set: IntentChanges & { message: string },
  ) {
    const row = await repo.transition(intent.id, status, set);
    await publish(row);
    return row;
  }

  return { postPayment, complete, fail };
}

export type Completion = ReturnType<typeof createCompletion>;
