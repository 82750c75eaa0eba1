import underPressure from '@fastify/under-pressure';
import { messages } from '@playon/shared/messages';
import type { FastifyInstance } from 'fastify';
import type { LoadShedding } from './config.ts';
import { AppError } from './errors.ts';

/**
 * Answered whatever the pressure: liveness and readiness (an orchestrator that restarts or drains a
 * busy instance makes the others busier), and the metrics that show the pressure.
 */
const ALWAYS_ANSWERED = new Set(['/api/health', '/api/ready', '/metrics']);

/** Shedding is logged at most this often: under pressure a line per refusal is more load. */
const LOG_EVERY_MS = 10_000;

/**
 * Past the event loop delay or the memory `limits` allow, a request is refused at once with 503
 * UNAVAILABLE and Retry-After, before anything reads or writes for it (ADR 0052): a player's app
 * tries a keyed call again (ADR 0049), where a slow answer would have timed out after doing the work.
 * Registered right after the request context, so a refusal still carries its X-Request-Id.
 */
export async function registerLoadShedding(app: FastifyInstance, limits: LoadShedding) {
  let refused = 0;
  let loggedAt = 0;
  // Starting blocks the loop (migrations, the embedded database): the samples until one whole
  // interval after the app is ready measure that, not load.
  let measuredFrom = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    measuredFrom = Date.now() + 2 * limits.sampleIntervalMs;
  });
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: limits.maxHeapUsedBytes,
    maxRssBytes: limits.maxRssBytes,
    sampleInterval: limits.sampleIntervalMs,
    pressureHandler: async (request, reply, type, value) => {
      if (ALWAYS_ANSWERED.has(request.routeOptions.url ?? '') || Date.now() < measuredFrom) return;
      refused += 1;
      const now = Date.now();
      if (now - loggedAt >= LOG_EVERY_MS) {
        request.log.warn(
          { pressure: type, value, refused, limits },
          'shedding load: requests refused with 503',
        );
        loggedAt = now;
        refused = 0;
      }
      reply.header('retry-after', String(limits.retryAfterSeconds));
      throw new AppError('UNAVAILABLE', messages.overloaded);
    },
  });
}
