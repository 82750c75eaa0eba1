import { vi } from 'vitest';

type Handler = (request: {
  method: string;
  body: unknown;
  query: URLSearchParams;
  headers: Record<string, string>;
}) => {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
};

/** Replaces fetch with answers keyed by 'METHOD /path'; an unknown call fails the test loudly. */
export function stubFetch(routes: Record<string, Handler>) {
  const calls: Array<{
    method: string;
    path: string;
    query: string;
    body: unknown;
    headers: Record<string, string>;
  }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ method, path: url.pathname, query: url.search, body, headers });
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`Unexpected call ${method} ${url.pathname}`);
    const answer = handler({ method, body, query: url.searchParams, headers });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/**
 * An access token whose `exp` is `minutes` from now, for player `sub`'s session `sid` (the signature
 * is never checked by the web app).
 */
export function fakeToken(
  minutes = 15,
  { sub = 'u1', sid = 's1' }: { sub?: string; sid?: string } = {},
): string {
  const payload = btoa(JSON.stringify({ sub, sid, exp: Math.floor(Date.now() / 1000) + minutes * 60 }));
  return `e30.${payload.replace(/=+$/, '')}.sig`;
}
