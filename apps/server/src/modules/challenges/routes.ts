import {
  ChallengeCodeParamsSchema,
  ChallengeListItemSchema,
  ChallengeViewSchema,
  CreateChallengeRequestSchema,
  challengeMessages,
} from '@playon/shared/challenges';
import { PlaySessionSchema } from '@playon/shared/games';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, errorResponses, sendEnvelope } from '../../platform/envelope.ts';
import { currentPlayer } from '../auth/service.ts';
import { scoreRateLimit, scoreReportSchema } from '../games/service.ts';
import type { ChallengeService } from './service.ts';

/** A player sends a few challenges a minute at most: more is a flood of notifications, not play. */
const createRateLimit = {
  rateLimit: {
    max: 20,
    timeWindow: '1 minute',
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => `challenges:${currentPlayer(request).uid}`,
  },
} as const;

/** Challenges between friends (docs/api.md, "Challenges"; ADR 0066): every route asks who is asking. */
export function challengeRoutes(challenges: ChallengeService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['challenges'];

    app.post(
      '/api/challenges',
      {
        config: { ...createRateLimit, signIn: 'player' },
        schema: {
          tags,
          summary: 'Challenge a friend with a finished run: by username, or as a link (no username)',
          body: CreateChallengeRequestSchema,
          response: {
            200: envelopeSchema(ChallengeViewSchema),
            ...errorResponses(400, 401, 403, 404, 409, 429),
          },
        },
      },
      async (request, reply) => {
        const created = await challenges.create(currentPlayer(request).uid, request.body);
        const message =
          request.body.username === undefined ? challengeMessages.linkCreated : challengeMessages.created;
        return sendEnvelope(reply, 200, message, created);
      },
    );

    app.get(
      '/api/challenges',
      {
        config: { signIn: 'player' },
        schema: {
          tags,
          summary: 'Your challenges, sent and received, one line per answer, newest first',
          response: { 200: envelopeSchema(z.array(ChallengeListItemSchema)), ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return sendEnvelope(reply, 200, 'OK', await challenges.list(currentPlayer(request).uid));
      },
    );

    app.get(
      '/api/challenges/:code',
      {
        config: { signIn: 'player' },
        schema: {
          tags,
          summary: "A challenge: the challenger's username and score; your results beside theirs",
          params: ChallengeCodeParamsSchema,
          response: { 200: envelopeSchema(ChallengeViewSchema), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return sendEnvelope(
          reply,
          200,
          'OK',
          await challenges.view(currentPlayer(request).uid, request.params.code),
        );
      },
    );

    app.post(
      '/api/challenges/:code/play',
      {
        config: { signIn: 'player' },
        schema: {
          tags,
          summary: "Accept a challenge, once: a play session of yours on the challenger's seed",
          params: ChallengeCodeParamsSchema,
          response: { 200: envelopeSchema(PlaySessionSchema), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'OK',
          await challenges.play(currentPlayer(request).uid, request.params.code),
        ),
    );

    app.post(
      '/api/challenges/:code/answer',
      {
        config: { ...scoreRateLimit, signIn: 'player' },
        schema: {
          tags,
          summary: "Your challenge play's score, judged by replaying its moves from the challenge's seed",
          params: ChallengeCodeParamsSchema,
          ...scoreReportSchema,
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Score saved.',
          await challenges.answer(currentPlayer(request).uid, request.params.code, request.body),
        ),
    );
  };
}
