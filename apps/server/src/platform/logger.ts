import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { requestIdMixin } from './request-context.ts';

/** `token=` (and `access_token=`, `id_token=`...) in a query string: the WebSocket's `/ws?token=`. */
const TOKEN_PARAM = /([?&][\w.-]*token=)[^&#]*/gi;

/**
 * The provider callback paths whose segment after `callbacks/stk/`, `callbacks/payout/`,
 * `callbacks/payout-status/`, `callbacks/airtime/` (or the former `callbacks/mpesa/`, ADR 0075) is
 * the callback secret (ADR 0009): whoever reads the log must not be able to post a result.
 */
const CALLBACK_SECRET_SEGMENT = /(\/callbacks\/(?:stk|payout-status|payout|mpesa|airtime)\/)[^/?#]+/gi;

/** Whether a string can hold either of the above: most (every string of a payment's timeline) cannot. */
const MAY_HOLD_SECRET = /token=|\/callbacks\//i;

/** A URL fit for the log: every token-like query parameter's value and every callback secret replaced. */
export function redactUrl(url: string): string {
  if (!MAY_HOLD_SECRET.test(url)) return url;
  return url.replace(TOKEN_PARAM, '$1[redacted]').replace(CALLBACK_SECRET_SEGMENT, '$1[redacted]');
}

/**
 * pino options: credentials never reach the log (headers, cookies, tokens in URLs); every line logged
 * for a request or its jobs carries the request's id (request-context.ts).
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    mixin: requestIdMixin,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      // Fastify's own request serializer, with the URL redacted.
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
    },
  };
}
