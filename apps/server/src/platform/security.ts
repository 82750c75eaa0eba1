import { timingSafeEqual } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from './config.ts';
import { openLimitCounters } from './limit-store.ts';
import { countersRateLimitStore } from './rate-limit-store.ts';

/**
 * Helmet's headers, with a Content-Security-Policy for an app that has no inline scripts, on every
 * answer. Its middleware is built once: the Fastify plugin built it again for each request (the
 * policy parsed and joined anew), 4 % of a withdrawal's CPU in the server.
 */
export function registerSecurityHeaders(app: FastifyInstance, formActionOrigins: string[]) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Playon TV's thumbnails may be YouTube's own pictures of the videos it embeds.
        imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com'],
        // Game trailers (docs/product.md, "Game details screen"): YouTube's privacy-enhanced player.
        frameSrc: ['https://www.youtube-nocookie.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...formActionOrigins],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)),
  );
}

/**
 * Per-route limits (global: false); counts live in Redis when REDIS_URL is set, so instances share
 * them, and a limit whose Redis does not answer lets its requests through (ADR 0057).
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Pick<Config, 'redisUrl' | 'rateLimitRedisNamespace'>,
) {
  const shared = config.redisUrl
    ? openLimitCounters(config.redisUrl, config.rateLimitRedisNamespace, 'routes', app.log)
    : undefined;
  if (shared) app.addHook('onClose', shared.close);
  await app.register(rateLimit, {
    global: false,
    ...(shared ? { store: countersRateLimitStore(shared.counters) } : {}),
    keyGenerator: (request) => request.ip,
  });
}

/**
 * One counter per key of the rate-limit store above, for a limit that spans several route plugins
 * (the payments a player may start per minute, whichever money endpoint they use): create it once
 * and put the hook on each route. Refused with `refusal()`.
 */
export function limitPerMinute(
  app: FastifyInstance,
  options: { max: number; key: (request: FastifyRequest) => string; refusal: () => Error },
) {
  return app.rateLimit({
    max: options.max,
    timeWindow: '1 minute',
    keyGenerator: options.key,
    errorResponseBuilder: options.refusal,
  });
}

/** A secret given in a request equals ours, compared in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
