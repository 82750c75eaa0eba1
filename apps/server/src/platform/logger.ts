import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

/** `token=` (and `access_token=`, `id_token=`...) in a query string: the WebSocket's `/ws?token=`. */
const TOKEN_PARAM = /([?&][\w.-]*token=)[^&#]*/gi;

/** A URL fit for the log: every token-like query parameter's value replaced. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_PARAM, '$1[redacted]');
}

/** pino options: credentials never reach the log (headers, cookies, tokens in URLs). */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
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
