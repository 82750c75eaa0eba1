import type { FastifyInstance } from 'fastify';

/** OAuth token requests are form-encoded (RFC 6749 §4.1.3); Fastify parses only JSON by itself. */
export function registerFormBodyParser(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
