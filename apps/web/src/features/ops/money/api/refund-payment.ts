import type { RefundRequest, RefundResultSchema } from '@playon/shared/ops-money';
import type { z } from 'zod';
import { opsPost } from '../../api/ops-request';
import { paymentPath } from './payment-path';

/** POST /api/ops/money/payments/:id/refund. */
export function refundPayment(id: string, body: RefundRequest) {
  return opsPost<z.infer<typeof RefundResultSchema>>(`${paymentPath(id)}/refund`, body);
}
