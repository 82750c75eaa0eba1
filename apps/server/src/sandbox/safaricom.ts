import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
 * Returns the Bearer check each API call makes.
 */
export function safaricomApi(
  app: FastifyInstance,
  credentials: { consumerKey: string; consumerSecret: string },
  api: { name: string; prefix: string; purpose: string },
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
  return safaricomOAuth(app, { ...api, ...credentials });
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
    const expires = (Math.floor(Date.now() / 1000) + TOKEN_TTL_SECONDS).toString(36);
    return { access_token: `${expires}.${sign(expires)}`, expires_in: String(TOKEN_TTL_SECONDS) };
  });

  /** Every API call carries a token from the OAuth endpoint above, still valid. */
  return function authorised(request: FastifyRequest, reply: FastifyReply): boolean {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const [expires = '', signature = ''] = token.split('.');
    const valid = same(signature, sign(expires)) && Number.parseInt(expires, 36) * 1000 > Date.now();
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
