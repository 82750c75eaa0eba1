import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { createGrantStore, pkceMatches, TOKEN_TTL_SECONDS } from './grants.ts';
import {
  presetIdentities,
  providerProfile,
  type SandboxProvider,
  sandboxProviders,
  typedIdentity,
} from './identities.ts';
import { type AuthorizeParams, authorizePage, errorPage } from './pages.ts';

const ProviderParams = z.object({ provider: z.enum(sandboxProviders) });

const AuthorizeQuery = z.object({
  response_type: z.literal('code', { error: 'response_type must be code' }),
  client_id: z.string().min(1),
  redirect_uri: z.url(),
  state: z.string().optional(),
  scope: z.string().optional(),
  code_challenge: z.string().min(43).max(128).optional(),
  code_challenge_method: z.enum(['S256', 'plain']).optional(),
});

const Identity = z.object({ name: z.string().trim().min(1).max(80), email: z.email() });

function basicCredentials(header: string | undefined) {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const [id, secret] = Buffer.from(match[1], 'base64').toString().split(':');
  return id && secret ? { id: decodeURIComponent(id), secret: decodeURIComponent(secret) } : undefined;
}

/**
 * An OAuth 2.0 authorization-code provider that stands in for Google and Facebook: the same
 * authorize → code → token → userinfo protocol, with a page to pick a test identity.
 */
export function sandboxOAuthRoutes(
  config: Pick<Config, 'publicUrl' | 'ownOrigins' | 'sandboxOAuthClient' | 'google' | 'facebook'>,
  db: Db,
) {
  const grants = createGrantStore(db);
  const client = config.sandboxOAuthClient;
  // The identity service's callback at PUBLIC_URL, or at whichever of the laptop's own addresses
  // the player signs in from (identity-addresses.ts).
  const origins = [config.publicUrl, ...config.ownOrigins];
  const isRegisteredRedirect = (provider: SandboxProvider, uri: string) =>
    origins.some((origin) => uri === `${origin}/api/auth/callback/${provider}`);

  function validateAuthorize(provider: SandboxProvider, input: unknown, reply: FastifyReply) {
    const parsed = AuthorizeQuery.safeParse(input);
    let problem = parsed.success ? undefined : parsed.error.issues[0]?.message;
    if (parsed.success && parsed.data.client_id !== client.clientId) problem = 'Unknown client_id.';
    if (parsed.success && !isRegisteredRedirect(provider, parsed.data.redirect_uri)) {
      problem = 'redirect_uri is not registered for this client.';
    }
    if (problem || !parsed.success) {
      reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(errorPage(problem ?? 'Bad request.'));
      return undefined;
    }
    return parsed.data;
  }

  return async (app: FastifyInstance) => {
    // A provider with real credentials is not simulated.
    app.addHook('preHandler', async (request, reply) => {
      const parsed = ProviderParams.safeParse(request.params);
      if (!parsed.success || config[parsed.data.provider]) {
        return reply.code(404).type('text/html; charset=utf-8').send(errorPage('No such sandbox provider.'));
      }
    });

    app.get('/sandbox/oauth/:provider/authorize', { schema: { hide: true } }, async (request, reply) => {
      const { provider } = ProviderParams.parse(request.params);
      const query = validateAuthorize(provider, request.query, reply);
      if (!query) return reply;
      const params = Object.fromEntries(
        Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      ) as AuthorizeParams;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(authorizePage(provider, `/sandbox/oauth/${provider}/authorize`, params));
    });

    app.post('/sandbox/oauth/:provider/authorize', { schema: { hide: true } }, async (request, reply) => {
      const { provider } = ProviderParams.parse(request.params);
      const body = (request.body ?? {}) as Record<string, string>;
      const query = validateAuthorize(provider, body, reply);
      if (!query) return reply;
      const preset = presetIdentities.find((identity) => identity.subject === body.preset);
      const typed = Identity.safeParse(body);
      const identity =
        preset ?? (typed.success ? typedIdentity(typed.data.name, typed.data.email) : undefined);
      if (!identity) {
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(errorPage('Please type a name and a valid email.'));
      }
      const code = await grants.issueCode({
        provider,
        clientId: query.client_id,
        redirectUri: query.redirect_uri,
        codeChallenge: query.code_challenge,
        codeChallengeMethod: query.code_challenge_method,
        identity,
      });
      const target = new URL(query.redirect_uri);
      target.searchParams.set('code', code);
      if (query.state) target.searchParams.set('state', query.state);
      return reply.redirect(target.toString(), 302);
    });

    app.post('/sandbox/oauth/:provider/token', { schema: { hide: true } }, async (request, reply) => {
      const { provider } = ProviderParams.parse(request.params);
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      const fail = (status: number, error: string, description: string) =>
        reply
          .code(status)
          .header('cache-control', 'no-store')
          .send({ error, error_description: description });
      const basic = basicCredentials(request.headers.authorization);
      const clientId = basic?.id ?? body.client_id;
      const clientSecret = basic?.secret ?? body.client_secret;
      if (clientId !== client.clientId || clientSecret !== client.clientSecret) {
        return fail(401, 'invalid_client', 'Client authentication failed.');
      }
      if (body.grant_type !== 'authorization_code') {
        return fail(400, 'unsupported_grant_type', 'Only authorization_code is supported.');
      }
      const grant = body.code ? await grants.findUnusedCode(provider, body.code) : undefined;
      if (!grant || grant.clientId !== clientId)
        return fail(400, 'invalid_grant', 'Unknown, used or expired code.');
      if (body.redirect_uri !== grant.redirectUri)
        return fail(400, 'invalid_grant', 'redirect_uri does not match.');
      if (
        grant.codeChallenge &&
        !pkceMatches(grant.codeChallenge, grant.codeChallengeMethod, body.code_verifier)
      ) {
        return fail(400, 'invalid_grant', 'PKCE verification failed.');
      }
      const accessToken = await grants.redeem(grant.code);
      if (!accessToken) return fail(400, 'invalid_grant', 'Unknown, used or expired code.');
      return reply.header('cache-control', 'no-store').send({
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: TOKEN_TTL_SECONDS,
        scope: provider === 'google' ? 'openid email profile' : 'email,public_profile',
      });
    });

    app.get(
      '/sandbox/oauth/:provider/userinfo',
      { schema: { hide: true } },
      async (request: FastifyRequest, reply) => {
        const { provider } = ProviderParams.parse(request.params);
        const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
        const identity = match?.[1] ? await grants.identityOf(provider, match[1]) : undefined;
        if (!identity) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer error="invalid_token"')
            .send({ error: 'invalid_token' });
        }
        return reply.send(providerProfile(provider, identity));
      },
    );
  };
}
