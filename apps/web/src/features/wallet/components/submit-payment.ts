import type { PaymentMethodCode, TransactionType } from '@playon/shared/payments';
import { subscribe } from '../api/subscribe';
import { topUp } from '../api/top-up';
import { withdraw } from '../api/withdraw';

/** One confirmation on the payment screen. */
export interface PaymentRequest {
  type: TransactionType;
  amount: number;
  paymentMethod: PaymentMethodCode;
  paymentMethodId: number;
  userId?: string;
  subscriptionId?: string;
  /** Normalised (2547XXXXXXXX), for M-Pesa and Safaricom airtime. */
  mpesaPhoneNumber?: string;
}

/**
 * Sends a confirmation to its type's endpoint with its request shape (docs/api.md): withdraw,
 * subscribe, or top-up (a boost is a top-up of the friend's wallet).
 */
export function submitPayment(request: PaymentRequest, idempotencyKey: string) {
  const { type, amount, paymentMethodId, userId, subscriptionId, mpesaPhoneNumber } = request;
  const phone = mpesaPhoneNumber ? { mpesaPhoneNumber } : {};
  if (type === 'WITHDRAWAL') {
    return withdraw({ paymentMethodId, amount, mpesaPhoneNumber: mpesaPhoneNumber ?? '' }, idempotencyKey);
  }
  if (type === 'SUBSCRIPTION') {
    return subscribe(
      { paymentMethodId, subscriptionPackageId: Number(subscriptionId), ...phone },
      idempotencyKey,
    );
  }
  return topUp({ paymentMethodId, amount, ...phone, ...(userId ? { userId } : {}) }, idempotencyKey);
}
