import type { PaymentDetail } from '@playon/shared/ops-money';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsGet } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';
import { paymentPath } from './payment-path';

/** GET /api/ops/money/payments/:id: the payment and its whole timeline. */
export function getPayment(id: string) {
  return opsGet<PaymentDetail>(paymentPath(id));
}

export const paymentQuery = (id: string) =>
  queryOptions({ queryKey: opsKeys.money.payment(id), queryFn: () => getPayment(id) });

export function usePayment(id: string) {
  return useQuery(paymentQuery(id));
}
