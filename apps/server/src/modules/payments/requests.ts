import type { PaymentIntent, PaymentMethodCode } from '@playon/shared/payments';
import type { Db } from '../../platform/db.ts';

/**
 * Called inside the transaction that records a new payment, with the payment as it is then: the
 * request's Idempotency-Key stores it as its answer in that same transaction, so a retry after a
 * crash learns the payment the first attempt committed instead of starting a second one.
 */
export type OnCommitted = (intent: PaymentIntent, tx: Db) => Promise<void>;

/** A payment to start, whatever it is for (top-up.ts, subscribe.ts), as checkout.ts takes it. */
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
 * Writes an operator's audit entry in the transaction of the money action it records, so
 * neither commits without the other; the console's routes give it (ops/routes.ts).
 */
export type RecordChange = (tx: Db, change: { before: unknown; after: unknown }) => Promise<void>;
