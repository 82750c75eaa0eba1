import type { PaymentMethod } from '@playon/shared/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getPaymentMethods(): Promise<PaymentMethod[]> {
  return (await apiRequest<PaymentMethod[]>('/payment-methods/list')).payload;
}

// The list changes with a deploy, not during a session.
export const paymentMethodsQuery = () =>
  queryOptions({
    queryKey: ['payment-methods'],
    queryFn: getPaymentMethods,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQuery());
}
