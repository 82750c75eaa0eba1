import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/wallets/withdraw-charges/{amount}: the fee in KES for withdrawing that amount. */
export async function getWithdrawCharges(amount: number): Promise<number> {
  return (await apiRequest<number>(`/wallets/withdraw-charges/${amount}`)).payload;
}

export const withdrawChargesQuery = (amount: number) =>
  queryOptions({
    queryKey: ['wallet', 'withdraw-charges', amount],
    queryFn: () => getWithdrawCharges(amount),
  });

export function useWithdrawCharges(amount: number, enabled: boolean) {
  return useQuery({ ...withdrawChargesQuery(amount), enabled });
}
