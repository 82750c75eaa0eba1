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

/**
 * Keeps every body of `scope` as the raw Buffer it received: signed callbacks (the card gateway's
 * webhook, the carrier's result) are checked on their exact bytes.
 */
export function keepRawBodies(scope: FastifyInstance, bodyLimit = 256 * 1024) {
  const keepRaw = (_request: unknown, body: Buffer, done: (err: Error | null, body?: Buffer) => void) =>
    done(null, body);
  scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, keepRaw);
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, keepRaw);
}

/** The raw body `keepRawBodies` kept (empty when there was none). */
export const rawBodyOf = (request: { body: unknown }) =>
  Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
