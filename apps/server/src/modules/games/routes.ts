import {
  GameListQuerySchema,
  GameSchema,
  OfflineSessionsRequestSchema,
  OfflineSessionsSchema,
  PlaySessionSchema,
  RecentGameSchema,
  StartPlayRequestSchema,
} from '@playon/shared/games';
import { languageOf } from '@playon/shared/i18n/language';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, errorResponses, sendEnvelope } from '../../platform/envelope.ts';
import { currentPlayer } from '../auth/service.ts';
import { type GameService, scoreRateLimit, scoreReportSchema } from './service.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive() });
const errors = errorResponses(400, 401, 403, 404, 409, 422);

export function gameRoutes(games: GameService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['games'];

    app.get(
      '/api/games/list',
      {
        config: { signIn: 'player' },
        schema: {
          tags,
          summary: 'The catalogue by name; filter by featured and by access (FREE or SUBSCRIPTION)',
          querystring: GameListQuerySchema,
          response: {
            200: envelopeSchema(z.array(GameSchema)),
            ...errorResponses(400, 401),
          },
        },
      },
      async (request, reply) => {
        const { featured, access } = request.query;
        const list = await games.listGames(
          {
            ...(featured ? { featured: featured === 'true' } : {}),
            ...(access ? { access } : {}),
          },
          languageOf(request.headers['accept-language']),
        );
        return sendEnvelope(reply, 200, 'OK', list);
      },
    );

    app.get(
      '/api/games/get/:id',
      {
        config: { signIn: 'player' },
        schema: {
          tags,
          summary: 'One game',
          params: IdParams,
          response: { 200: envelopeSchema(GameSchema), ...errors },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'OK',
          await games.getListedGame(request.params.id, languageOf(request.headers['accept-language'])),
        ),
    );

    app.get(
      '/api/profile/recent-games',
      {
        config: { signIn: 'player' },
        schema: {
          tags,
          summary: 'The games you started, newest play first',
          response: {
            200: envelopeSchema(z.array(RecentGameSchema)),
            ...errorResponses(401),
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return sendEnvelope(
          reply,
          200,
          'OK',
          await games.recentGames(currentPlayer(request).uid, languageOf(request.headers['accept-language'])),
        );
      },
    );

    app.post(
      '/api/games/:id/play',
      {
        config: { signIn: 'player' },
        schema: {
          tags,
          summary: "Play now: starts a play session and answers the game's launch address",
          params: IdParams,
          body: StartPlayRequestSchema.default({}),
          response: {
            200: envelopeSchema(PlaySessionSchema),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const session = await games.startPlay(
          currentPlayer(request).uid,
          request.params.id,
          request.body.tournamentId,
        );
        return sendEnvelope(reply, 200, 'OK', session);
      },
    );

    app.post(
      '/api/games/:id/offline-sessions',
      {
        config: { signIn: 'player' },
        schema: {
          tags,
          summary:
            "Play sessions kept on the device for runs played offline: the player's unspent ones, topped up to three",
          params: IdParams,
          body: OfflineSessionsRequestSchema.default({}),
          response: { 200: envelopeSchema(OfflineSessionsSchema), ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const kept = await games.keepOfflineSessions(
          currentPlayer(request).uid,
          request.params.id,
          request.body.tournamentId,
        );
        return sendEnvelope(reply, 200, 'OK', kept);
      },
    );

    app.post(
      '/api/games/score',
      {
        config: { ...scoreRateLimit, signIn: 'player' },
        schema: {
          tags,
          summary: 'A score from a play outside tournaments, once per play session',
          ...scoreReportSchema,
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Score saved.',
          await games.reportFreePlay(currentPlayer(request).uid, request.body),
        ),
    );
  };
}
