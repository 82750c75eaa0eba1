import type { PaymentIntent } from '@playon/shared/payments';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/payments/{id}: the player's own intent, for a waiting page that lost its socket. */
export async function getPayment(id: string): Promise<PaymentIntent> {
  return (await apiRequest<PaymentIntent>(`/payments/${encodeURIComponent(id)}`)).payload;
}
