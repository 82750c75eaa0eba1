import { ScoreReportSchema, ScoreResultSchema } from '@playon/shared/games';
import type { FastifyRequest } from 'fastify';
import { envelopeSchema, errorResponses } from '../../platform/envelope.ts';
import { currentPlayer } from '../auth/service.ts';

/**
 * What the two score report routes share, a free play's (routes.ts) and a tournament's
 * (../tournaments/routes.ts). Route config: a game reports once per play, so a flood is not a
 * player. Counted per player once the token is checked (preHandler), not per address: a launch
 * night's players reach us through a handful of carrier NAT addresses (ADR 0046).
 */
export const scoreRateLimit = {
  rateLimit: {
    max: 60,
    timeWindow: '1 minute',
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => `score-reports:${currentPlayer(request).uid}`,
  },
} as const;

/** A score report's body and answers: refused as forged, another's, used, expired or impossible. */
export const scoreReportSchema = {
  body: ScoreReportSchema,
  response: { 200: envelopeSchema(ScoreResultSchema), ...errorResponses(400, 401, 403, 404, 409, 422) },
};
