import type { WalletTransaction } from '@playon/shared/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/language';
import { startFromPage } from '../../../lib/start-from-page';

/** GET /api/wallets/list: newest first, a transaction (docs/product.md, "Transaction") plus `direction`. */
export async function getTransactions(): Promise<WalletTransaction[]> {
  return (await apiRequest<WalletTransaction[]>('/wallets/list')).payload;
}

/**
 * Keyed by the language the app reads in: the server describes each row in the request's language, so
 * a player who switches language reads the history fetched in the new one.
 */
export const transactionsQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'transactions', currentLanguage()],
    queryFn: getTransactions,
    staleTime: 0,
    ...startFromPage<WalletTransaction[]>('/wallets/list'),
  });

export function useTransactions() {
  return useQuery(transactionsQuery());
}
