import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxMode } from '../platform/config.ts';
import { AppError } from '../platform/errors.ts';

const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|::ffff:127(\.\d{1,3}){3})$/i;
const FOR_PARAM = /for="?\[?([^\]",;]+)/gi;

/**
 * The client and every address a proxy says it forwarded for are loopback. A proxy on this machine
 * sends everybody's requests from 127.0.0.1, and TRUST_PROXY_HOPS may be unset: what it forwarded
 * for counts too (a client cannot use these headers to get in: it only adds addresses to check).
 */
function isLoopbackClient(request: FastifyRequest): boolean {
  const { forwarded, 'x-forwarded-for': forwardedFor, 'x-real-ip': realIp } = request.headers;
  const claimed = [
    ...String(forwardedFor ?? '').split(','),
    ...String(realIp ?? '').split(','),
    ...[...String(forwarded ?? '').matchAll(FOR_PARAM)].map((match) => match[1] ?? ''),
  ]
    .map((address) => address.trim())
    .filter(Boolean);
  return [request.ip, ...claimed].every((address) => LOOPBACK.test(address));
}

/**
 * Guards every /sandbox/* route (ADR 0016): none at all when the sandbox is off; loopback clients
 * only unless it is public (SANDBOX_PUBLIC). The outbox shows password-reset links and the payment
 * sandboxes list phone numbers: a sandbox open to the internet hands out accounts.
 */
export function registerSandboxGuard(app: FastifyInstance, sandbox: SandboxMode) {
  app.addHook('onRequest', async (request) => {
    // The matched route, not the raw URL: no encoding of the path gets past it.
    if (!request.routeOptions.url?.startsWith('/sandbox')) return;
    if (!sandbox.on) throw new AppError('NOT_FOUND', 'There is no sandbox on this server.');
    if (!sandbox.public && !isLoopbackClient(request)) {
      throw new AppError('FORBIDDEN', 'The sandbox is open to this machine only.');
    }
  });
}
