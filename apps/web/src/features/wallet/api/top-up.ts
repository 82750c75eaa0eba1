import { IDEMPOTENCY_HEADER, type PaymentIntent, type TopUpRequest } from '@playon/shared/payments';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/payments/top-up: credits `userId`'s wallet (the player's own, or a friend's for a boost). */
export function topUp(body: TopUpRequest, idempotencyKey: string) {
  return apiRequest<PaymentIntent>('/payments/top-up', {
    method: 'POST',
    json: body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}
