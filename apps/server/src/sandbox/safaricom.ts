import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../platform/db.ts';
import { sandboxSafaricomTokens } from './daraja/schema.ts';

/**
 * What Safaricom's APIs share, Daraja's and carrier billing's alike: the error shape
 * `{requestId, errorCode, errorMessage}`, and OAuth client credentials that give an hour's access
 * token every call then carries as a Bearer.
 */
const TOKEN_TTL_SECONDS = 3599;

const requestId = () =>
  `${randomInt(1000, 100_000)}-${randomInt(1_000_000, 100_000_000)}-${randomInt(1, 10)}`;

export function sendError(reply: FastifyReply, status: number, errorCode: string, errorMessage: string) {
  return reply.code(status).send({ requestId: requestId(), errorCode, errorMessage });
}

export const invalid = (reply: FastifyReply, field: string) =>
  sendError(reply, 400, '400.002.02', `Bad Request - Invalid ${field}`);

export function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * What a Safaricom sandbox API starts with: its errors in Safaricom's shape (a body Fastify cannot
 * read is an invalid request; a crash is logged as `name` failing), and the OAuth endpoint below.
 * Returns the Bearer check each API call makes. With `revoking`, a token is revoked by the next one
 * given, by any instance on the database, as Daraja does (`revokedByNewer`).
 */
export function safaricomApi(
  app: FastifyInstance,
  credentials: { consumerKey: string; consumerSecret: string },
  api: { name: string; prefix: string; purpose: string },
  revoking?: Db,
) {
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, `${api.name} failed`);
    if (status === 400 || status === 415) return invalid(reply, 'Request');
    return sendError(
      reply,
      status,
      `${status}.003.01`,
      status >= 500 ? 'Internal Server Error' : error.message,
    );
  });
  const revocation = revoking ? latestTokens(revoking, api.purpose) : undefined;
  return safaricomOAuth(app, { ...api, ...credentials }, revocation);
}

/**
 * Daraja keeps one valid token per app: giving a new one revokes the one before, and a call with
 * the old one is answered HTTP 404 `404.001.03 Invalid Access Token`. The latest token is kept in
 * the database, so a token given by one instance revokes those another gave.
 */
function latestTokens(db: Db, purpose: string) {
  const latest = eq(sandboxSafaricomTokens.purpose, purpose);
  return {
    async given(accessToken: string) {
      await db
        .insert(sandboxSafaricomTokens)
        .values({ purpose, accessToken })
        .onConflictDoUpdate({
          target: sandboxSafaricomTokens.purpose,
          set: { accessToken, issuedAt: new Date() },
        });
    },
    async revoked(accessToken: string): Promise<boolean> {
      const [row] = await db.select().from(sandboxSafaricomTokens).where(latest);
      return row !== undefined && row.accessToken !== accessToken;
    },
  };
}

/**
 * Registers `<prefix>/oauth/v1/generate` (Basic auth with the consumer key and secret, grant type
 * client_credentials) and returns the check each API call makes of its Bearer token. Tokens are
 * signed with a key of this API's own (`purpose` and its credentials), so one API's token is no good
 * on the other.
 */
function safaricomOAuth(
  app: FastifyInstance,
  options: { prefix: string; purpose: string; consumerKey: string; consumerSecret: string },
  revocation?: ReturnType<typeof latestTokens>,
) {
  const tokenKey = createHash('sha256')
    .update(`${options.purpose}\0${options.consumerKey}\0${options.consumerSecret}`)
    .digest();
  const sign = (expires: string) =>
    createHmac('sha256', tokenKey).update(expires).digest('base64url').slice(0, 24);

  app.get(`${options.prefix}/oauth/v1/generate`, { schema: { hide: true } }, async (request, reply) => {
    const { grant_type: grantType } = request.query as { grant_type?: string };
    if (grantType !== 'client_credentials')
      return sendError(reply, 400, '400.008.02', 'Invalid grant type passed');
    const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const [key, ...rest] = Buffer.from(match?.[1] ?? '', 'base64')
      .toString()
      .split(':');
    if (!match || !same(key ?? '', options.consumerKey) || !same(rest.join(':'), options.consumerSecret)) {
      return sendError(reply, 400, '400.008.01', 'Invalid Authentication passed');
    }
    // A random part, so two tokens given in the same second differ (and one revokes the other).
    const expires = `${(Math.floor(Date.now() / 1000) + TOKEN_TTL_SECONDS).toString(36)}-${randomInt(1e9).toString(36)}`;
    const accessToken = `${expires}.${sign(expires)}`;
    await revocation?.given(accessToken);
    return { access_token: accessToken, expires_in: String(TOKEN_TTL_SECONDS) };
  });

  const bearerOf = (request: FastifyRequest) =>
    /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const genuine = (token: string) => {
    const [expires = '', signature = ''] = token.split('.');
    return (
      same(signature, sign(expires)) && Number.parseInt(expires.split('-')[0] ?? '', 36) * 1000 > Date.now()
    );
  };

  if (revocation) {
    // A token this API gave, since revoked by a newer one: refused before the call's own checks.
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith(`${options.prefix}/mpesa/`)) return;
      const token = bearerOf(request);
      if (genuine(token) && (await revocation.revoked(token)))
        return sendError(reply, 404, '404.001.03', 'Invalid Access Token');
    });
  }

  /** Every API call carries a token from the OAuth endpoint above, still valid. */
  return function authorised(request: FastifyRequest, reply: FastifyReply): boolean {
    const valid = genuine(bearerOf(request));
    if (!valid) sendError(reply, 401, '404.001.03', 'Invalid Access Token');
    return valid;
  };
}

/**
 * The columns a simulated payment's row takes from its outcome (by the test number table): how it
 * ends, how many times that is posted, and when it completes.
 */
export function outcomeColumns(
  outcome: { resultCode: number; resultDesc: string; deliveries: number },
  now: Date,
  completesAfterMs: number,
) {
  return {
    resultCode: outcome.resultCode,
    resultDesc: outcome.resultDesc,
    deliveries: outcome.deliveries,
    completesAt: new Date(now.getTime() + completesAfterMs),
  };
}
