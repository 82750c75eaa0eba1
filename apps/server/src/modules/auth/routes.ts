import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { PageAccessToken } from '../../platform/web-app.ts';
import { explainRefusedOrigin } from './identity-addresses.ts';
import { identityEndpoints } from './identity-endpoints.ts';
import type { AuthService } from './service.ts';

function requestBody(request: FastifyRequest): string | undefined {
  if (request.method === 'GET' || request.method === 'HEAD' || request.body === undefined) return undefined;
  if (typeof request.body === 'string') return request.body;
  const contentType = request.headers['content-type'] ?? '';
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    return new URLSearchParams(request.body as Record<string, string>).toString();
  }
  return JSON.stringify(request.body);
}

/** Hands a Fastify request to better-auth as a Web Request and copies its Response back. */
function bridgeTo(auth: AuthService, config: Pick<Config, 'publicUrl'>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name === 'content-length') continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const response = await explainRefusedOrigin(
      await auth.identity.handler(
        new Request(new URL(request.url, config.publicUrl), {
          method: request.method,
          headers,
          body: requestBody(request) ?? null,
        }),
      ),
      config.publicUrl,
    );
    reply.code(response.status);
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
  };
}

/**
 * Only the identity endpoints PlayOn uses reach better-auth; any other /api/auth path is not
 * found. Those that check a password or a reset token are limited per address, as a
 * password-guessing or mail-bombing client would hammer them.
 */
export function authRoutes(auth: AuthService, config: Pick<Config, 'publicUrl' | 'rateLimitAuthPerMinute'>) {
  return async (app: FastifyInstance) => {
    // The revoked-sessions store (a Redis connection when REDIS_URL is set) closes with the app.
    app.addHook('onClose', () => auth.close());
    const handler = bridgeTo(auth, config);
    const schema = { tags: ['identity'], hide: true };
    const limited = { rateLimit: { max: config.rateLimitAuthPerMinute, timeWindow: '1 minute' } };
    for (const { path, methods, checksCredentials } of identityEndpoints) {
      app.route({
        method: [...methods],
        url: `/api/auth${path}`,
        schema,
        ...(checksCredentials ? { config: limited } : {}),
        handler,
      });
    }
  };
}

/**
 * The access token `GET /api/auth/token` would give the session `cookie` names, asked of better-auth
 * the same way: the web app's HTML for a signed-in player's first screen carries it, so that
 * screen's data leaves as soon as the entry runs instead of one round trip later (ADR 0040). Null
 * when the cookie holds no live session (signed out, expired, revoked).
 */
export function pageAccessToken(auth: AuthService, config: Pick<Config, 'publicUrl'>): PageAccessToken {
  return async (cookie) => {
    const response = await auth.identity.handler(
      new Request(new URL('/api/auth/token', config.publicUrl), { headers: { cookie } }),
    );
    if (!response.ok) return null;
    const body = (await response.json()) as { token?: unknown };
    return typeof body.token === 'string'
      ? { token: body.token, cookies: response.headers.getSetCookie() }
      : null;
  };
}
