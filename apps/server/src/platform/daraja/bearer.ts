import type { Json, providerSend } from '../provider-fetch.ts';
import { createTokenCache } from './token.ts';

type Send = ReturnType<typeof providerSend>;

/**
 * Safaricom's OAuth client credentials, as Daraja and carrier billing both take them: a token from
 * /oauth/v1/generate (Basic auth with the consumer key and secret), then `call(path, init)` with it
 * as a Bearer. A 401 renews the token once (unless another call already did) and retries: it was
 * revoked or expired early. `refused` words an answer that gives no token.
 */
export function safaricomBearerCalls(
  send: Send,
  credentials: { consumerKey: string; consumerSecret: string },
  refused: (status: number, body: Json) => Error,
) {
  const tokens = createTokenCache(async () => {
    const basic = Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`).toString('base64');
    const { status, body } = await send('/oauth/v1/generate?grant_type=client_credentials', {
      method: 'GET',
      headers: { authorization: `Basic ${basic}`, accept: 'application/json' },
    });
    if (status !== 200 || typeof body.access_token !== 'string') throw refused(status, body);
    return { accessToken: body.access_token, expiresInSeconds: Number(body.expires_in) };
  });

  return async function call(path: string, init: { method: 'GET' | 'POST'; body?: Json }) {
    const attempt = (bearer: string) =>
      send(path, {
        method: init.method,
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      });
    const used = await tokens.get();
    const first = await attempt(used);
    if (first.status !== 401) return first;
    tokens.discard(used);
    return attempt(await tokens.get());
  };
}
