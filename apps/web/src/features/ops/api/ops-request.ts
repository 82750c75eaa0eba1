import { IDEMPOTENCY_HEADER } from '@playon/shared/payments';
import { apiRequest } from '../../../lib/api-client';

/** A list page of the console: what every /api/ops list answers. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** What a console list asks for: the search typed and the page shown (a type: it goes in a query string). */
export type ListQuery = { q: string; page: number; pageSize: number };

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

/**
 * POST /api/ops/<path>: the statusMessage (for the toast) and the payload. With an idempotency key
 * (one per confirmation), a repeat of the same request is answered with the first one's result.
 */
export async function opsPost<T>(
  path: string,
  json: unknown,
  idempotencyKey?: string,
): Promise<{ message: string; payload: T }> {
  const answer = await apiRequest<T>(`/ops${path}`, {
    method: 'POST',
    json,
    ...(idempotencyKey ? { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } } : {}),
  });
  return { message: answer.statusMessage, payload: answer.payload };
}
