import { IDEMPOTENCY_HEADER, type PaymentIntent } from '@playon/shared/payments';
import type { SubscribeRequest } from '@playon/shared/subscriptions';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/payments/subscribe {paymentMethodId, subscriptionPackageId, mpesaPhoneNumber}: buys a daily package. */
export function subscribe(body: SubscribeRequest, idempotencyKey: string) {
  return apiRequest<PaymentIntent>('/payments/subscribe', {
    method: 'POST',
    json: body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}
