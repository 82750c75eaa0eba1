import type { Country } from '@playon/shared/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getCountries(): Promise<Country[]> {
  return (await apiRequest<Country[]>('/countries/list')).payload;
}

// Reference data changes rarely: keep it for the session.
export const countriesQuery = () =>
  queryOptions({ queryKey: ['countries'], queryFn: getCountries, staleTime: Number.POSITIVE_INFINITY });

export function useCountries() {
  return useQuery(countriesQuery());
}
