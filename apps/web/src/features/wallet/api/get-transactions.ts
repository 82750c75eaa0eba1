import type { WalletTransaction } from '@playon/shared/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/wallets/list: newest first, a transaction (docs/product.md, "Transaction") plus `direction`. */
export async function getTransactions(): Promise<WalletTransaction[]> {
  return (await apiRequest<WalletTransaction[]>('/wallets/list')).payload;
}

export const transactionsQuery = () =>
  queryOptions({ queryKey: ['wallet', 'transactions'], queryFn: getTransactions, staleTime: 0 });

export function useTransactions() {
  return useQuery(transactionsQuery());
}
