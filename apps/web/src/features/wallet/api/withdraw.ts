import { IDEMPOTENCY_HEADER, type PaymentIntent, type WithdrawRequest } from '@playon/shared/payments';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/wallets/withdraw: the server reserves amount and fee at once, then pays out by M-Pesa. */
export function withdraw(body: WithdrawRequest, idempotencyKey: string) {
  return apiRequest<PaymentIntent>('/wallets/withdraw', {
    method: 'POST',
    json: body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}
