import type { Operator } from '@playon/shared/ops';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A list page of the console: what every /api/ops list answers. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

type Query = Record<string, string | number | undefined>;

const withQuery = (path: string, query: Query = {}) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

/** GET /api/ops/<path>: the payload. */
export async function opsGet<T>(path: string, query?: Query): Promise<T> {
  return (await apiRequest<T>(withQuery(`/ops${path}`, query))).payload;
}

/** POST /api/ops/<path>: the statusMessage (for the toast) and the payload. */
export async function opsPost<T>(path: string, json: unknown): Promise<{ message: string; payload: T }> {
  const answer = await apiRequest<T>(`/ops${path}`, { method: 'POST', json });
  return { message: answer.statusMessage, payload: answer.payload };
}

export const operatorQuery = () =>
  queryOptions({
    queryKey: ['ops', 'me'],
    queryFn: () => opsGet<Operator>('/me'),
    staleTime: 60_000,
    retry: false,
  });

/** The operator signed in; an error (403) for a player. */
export function useOperator() {
  return useQuery(operatorQuery());
}
