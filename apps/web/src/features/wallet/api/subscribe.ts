import { IDEMPOTENCY_HEADER, type PaymentIntent } from '@playon/shared/payments';
import { apiRequest } from '../../../lib/api-client';

/** The spec's subscribe body (section 3). */
export interface SubscribeRequest {
  paymentMethodId: number;
  subscriptionPackageId: string;
  mpesaPhoneNumber?: string;
}

/** POST /api/payments/subscribe: buys a daily package. */
export function subscribe(body: SubscribeRequest, idempotencyKey: string) {
  return apiRequest<PaymentIntent>('/payments/subscribe', {
    method: 'POST',
    json: body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}
