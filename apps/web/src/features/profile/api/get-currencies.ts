import type { Currency } from '@playon/shared/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getCurrencies(): Promise<Currency[]> {
  return (await apiRequest<Currency[]>('/currencies/list')).payload;
}

export const currenciesQuery = () =>
  queryOptions({ queryKey: ['currencies'], queryFn: getCurrencies, staleTime: Number.POSITIVE_INFINITY });

export function useCurrencies(enabled = true) {
  return useQuery({ ...currenciesQuery(), enabled });
}
