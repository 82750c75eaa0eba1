import { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** SIGTERM (main.ts): drain for `drainMs`, stop listening, then app.close() (docs/operations.md). */
    drainAndClose(drainMs: number): Promise<void>;
  }
}

/**
 * Once the listener is closed, how long a connection accepted just before has to bring its first
 * request: Node counts such a connection idle and close() would drop it as the proxy writes on it.
 */
const FIRST_REQUEST_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A stop that fails no request behind a proxy that keeps upstream connections alive (ADR 0047).
 * Closing an idle keep-alive connection races the proxy writing its next request on it: the
 * proxy gets a reset and does not resend a POST. So while draining and closing, every answer says
 * `Connection: close` and its connection ends with it; idle ones are left for the proxy to close
 * (its keepalive_timeout, shorter than the drain). Only then is the listener closed: a refused
 * connect is one the proxy safely tries on another instance.
 */
export function registerGracefulStop(app: FastifyInstance) {
  let isStopping = false;
  app.addHook('preClose', async () => {
    isStopping = true;
  });
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (isStopping) reply.header('connection', 'close');
    done();
  });

  app.decorate('drainAndClose', async (drainMs: number) => {
    app.readiness.shutDown();
    isStopping = true;
    await sleep(drainMs);
    await stopListening(app.server);
    await app.close();
  });
}

/**
 * Closes the listening socket only: unlike the HTTP server's close(), which also closes the
 * connections that carry no request at that moment, among them one just accepted whose request
 * is still on its way. Resolves once every connection ended or after FIRST_REQUEST_MS.
 */
async function stopListening(server: Server): Promise<void> {
  const ended = new Promise<void>((resolve) => {
    Server.prototype.close.call(server, () => resolve());
  });
  await Promise.race([ended, sleep(FIRST_REQUEST_MS)]);
}
