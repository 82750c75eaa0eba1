import type { WalletBalance } from '@playon/shared/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startFromPage } from '../../../lib/start-from-page';

export async function getBalance(): Promise<number> {
  return (await apiRequest<WalletBalance>('/wallets/balance')).payload.balance;
}

// Money changes behind the screen's back (a callback, a reversal): ask again on every visit.
export const balanceQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'balance'],
    queryFn: getBalance,
    staleTime: 0,
    ...startFromPage('/wallets/balance', (payload: WalletBalance) => payload.balance),
  });

export function useBalance(enabled = true) {
  return useQuery({ ...balanceQuery(), enabled });
}
