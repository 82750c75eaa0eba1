import type { FastifyInstance } from 'fastify';

/**
 * Closing closes the idle keep-alive connections once; one still answering a request at that moment
 * (a provider's callback, the app calling its own sandbox) turns idle afterwards and stayed open for
 * keepAliveTimeout (72 s), holding the shutdown. Each answer given while closing closes it.
 */
export function closeConnectionsThatGoIdleWhileClosing(app: FastifyInstance) {
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onResponse', async () => {
    if (isClosing) setImmediate(() => app.server.closeIdleConnections());
  });
}
