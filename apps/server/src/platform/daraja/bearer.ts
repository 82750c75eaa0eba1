import { type Json, type providerSend, text } from '../provider-fetch.ts';
import { createTokenCache, type TokenStore } from './token.ts';

type Send = ReturnType<typeof providerSend>;

/**
 * Safaricom's codes for a token it no longer takes (revoked by a newer one, or expired), whatever
 * the HTTP status they come with: Daraja answers a revoked token 404.001.03, sometimes under a 404.
 */
const REFUSED_TOKEN_CODES = new Set(['404.001.03', '401.002.01']);
const tokenRefused = (answer: { status: number; body: Json }) =>
  answer.status === 401 || REFUSED_TOKEN_CODES.has(text(answer.body.errorCode));

/**
 * Safaricom's OAuth client credentials, as Daraja and carrier billing both take them: a token from
 * /oauth/v1/generate (Basic auth with the consumer key and secret), then `call(path, init)` with it
 * as a Bearer. A refused token (HTTP 401, or 404.001.03 or 401.002.01 under any status) is renewed
 * once (unless another call or instance already did) and the call retried once: it was revoked by a
 * newer token or expired early. `tokens` is where the instances share the token (ADR 0074); `refused`
 * words an answer that gives no token.
 */
export function safaricomBearerCalls(
  send: Send,
  credentials: { consumerKey: string; consumerSecret: string },
  refused: (status: number, body: Json) => Error,
  store?: TokenStore,
) {
  const tokens = createTokenCache(async () => {
    const basic = Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`).toString('base64');
    const { status, body } = await send('/oauth/v1/generate?grant_type=client_credentials', {
      method: 'GET',
      headers: { authorization: `Basic ${basic}`, accept: 'application/json' },
    });
    if (status !== 200 || typeof body.access_token !== 'string') throw refused(status, body);
    return { accessToken: body.access_token, expiresInSeconds: Number(body.expires_in) };
  }, store);

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
    if (!tokenRefused(first)) return first;
    tokens.discard(used);
    return attempt(await tokens.get());
  };
}
