import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { PLAY_PREFIX } from './catalogue.ts';

const hasVersion = (query: unknown) =>
  typeof query === 'object' && query !== null && typeof (query as { v?: unknown }).v === 'string';

/**
 * The demo games under /play/<slug>/ and their SDK under /play/sdk/: plain files, same origin as
 * the API, so a game's score report carries the player's session cookie and token like the app.
 */
export function gameStaticRoutes(gamesDir: string, sdkDir: string) {
  return async (app: FastifyInstance) => {
    // An address naming its version (the catalogue's trailer links, `?v=<hash>`) never changes content.
    const setHeaders = (reply: FastifyReply) =>
      void reply.header(
        'cache-control',
        hasVersion(reply.request.query) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    // A trailer's range past its end is the client's mistake (416 with the size), not a server error.
    app.setErrorHandler((error: FastifyError & { headers?: Record<string, string> }, _request, reply) => {
      if (error.statusCode !== 416) throw error;
      return reply
        .code(416)
        .headers(error.headers ?? {})
        .send();
    });
    await app.register(fastifyStatic, {
      root: sdkDir,
      prefix: `${PLAY_PREFIX}/sdk/`,
      decorateReply: false,
      index: false,
      allowedPath: (path) => path.endsWith('.js') && !path.endsWith('.test.js'),
      setHeaders,
    });
    await app.register(fastifyStatic, {
      root: gamesDir,
      prefix: `${PLAY_PREFIX}/`,
      decorateReply: false,
      index: ['index.html'],
      redirect: true,
      // Only what a browser plays: not the package file, the unit tests or anything installed.
      allowedPath: (path) => !/(^|\/)(package\.json|node_modules|test|.*\.test\.js)(\/|$)/.test(path),
      setHeaders,
    });
  };
}
