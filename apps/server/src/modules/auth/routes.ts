import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config.ts';
import { memoryCounters } from '../../platform/expiring-counters.ts';
import { openLimitCounters } from '../../platform/limit-store.ts';
import type { PageAccessToken } from '../../platform/web-app.ts';
import { type CredentialAttempt, createCredentialLimits } from './credential-limits.ts';
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

/** A Fastify request as the Web Request better-auth takes. */
function identityRequest(request: FastifyRequest, config: Pick<Config, 'publicUrl'>): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
  }
  return new Request(new URL(request.url, config.publicUrl), {
    method: request.method,
    headers,
    body: requestBody(request) ?? null,
  });
}

async function sendResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

/** Hands a Fastify request to better-auth and copies its Response back, within `limits` when given. */
function bridgeTo(auth: AuthService, config: Pick<Config, 'publicUrl'>, limits?: CredentialGuard) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const attempt = limits ? await limits(request, reply) : undefined;
    let response: Response;
    try {
      response = await explainRefusedOrigin(
        await auth.identity.handler(identityRequest(request, config)),
        config.publicUrl,
      );
    } catch (error) {
      await attempt?.settle(undefined);
      throw error;
    }
    await attempt?.settle(response);
    return sendResponse(reply, response);
  };
}

type CredentialGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<CredentialAttempt>;

/**
 * The counters of credential-limits.ts: in Redis when REDIS_URL is set, so instances share them;
 * while that Redis does not answer, nothing is counted and every attempt is let through (ADR 0057).
 */
function openCounters(
  config: Pick<Config, 'redisUrl' | 'rateLimitRedisNamespace'>,
  log: FastifyInstance['log'],
) {
  if (!config.redisUrl) return { counters: memoryCounters(), close: async () => {} };
  return openLimitCounters(config.redisUrl, config.rateLimitRedisNamespace, 'sign-in', log);
}

/**
 * Only the identity endpoints PlayOn uses reach better-auth; any other /api/auth path is not
 * found. Those that check a password or a reset token, or send mail or make accounts, are limited
 * (credential-limits.ts), as a password-guessing, account-making or mail-bombing client would
 * hammer them.
 */
export function authRoutes(
  auth: AuthService,
  config: Pick<Config, 'publicUrl' | 'signInLimits' | 'redisUrl' | 'rateLimitRedisNamespace'>,
) {
  return async (app: FastifyInstance) => {
    // The revoked-sessions store (a Redis connection when REDIS_URL is set) closes with the app.
    app.addHook('onClose', () => auth.close());
    const { counters, close } = openCounters(config, app.log);
    app.addHook('onClose', close);
    const limits = createCredentialLimits(counters, config.signInLimits, async (request) => {
      const session = await auth.identity.api.getSession({
        headers: identityRequest(request, config).headers,
      });
      return session?.user.email.toLowerCase();
    });
    const schema = { tags: ['identity'], hide: true };
    for (const endpoint of identityEndpoints) {
      const guard = endpoint.checksCredentials
        ? (request: FastifyRequest, reply: FastifyReply) => limits(endpoint.path, request, reply)
        : undefined;
      app.route({
        method: [...endpoint.methods],
        url: `/api/auth${endpoint.path}`,
        // better-auth's own: it reads the session cookie, or the credentials, itself.
        config: { signIn: 'public' },
        schema,
        handler: bridgeTo(auth, config, guard),
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
