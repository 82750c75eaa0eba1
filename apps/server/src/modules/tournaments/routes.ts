import {
  HallOfFameEntrySchema,
  LeaderboardPageSchema,
  LeaderboardQuerySchema,
  OwnRankSchema,
  TournamentAwardSchema,
  TournamentSchema,
} from '@playon/shared/tournaments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, errorResponses, sendEnvelope } from '../../platform/envelope.ts';
import { languageOfRequest } from '../../platform/i18n.ts';
import { currentPlayer } from '../auth/service.ts';
import { scoreRateLimit, scoreReportSchema } from '../games/service.ts';
import type { TournamentService } from './service.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive() });
const errors = errorResponses(400, 401, 404);

export function tournamentRoutes(tournaments: TournamentService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['tournaments'];

    app.get(
      '/api/tournaments',
      {
        config: { signIn: 'player' },
        schema: {
          tags,
          summary: 'Every tournament by start; its status follows from starts, ends and the clock',
          response: { 200: envelopeSchema(z.array(TournamentSchema)), ...errorResponses(401) },
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'OK', await tournaments.listTournaments(languageOfRequest(request))),
    );

    app.get(
      '/api/tournaments/:id',
      {
        config: { signIn: 'player' },
        schema: {
          tags,
          summary: 'One tournament',
          params: IdParams,
          response: { 200: envelopeSchema(TournamentSchema), ...errors },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'OK',
          await tournaments.getTournament(request.params.id, languageOfRequest(request)),
        ),
    );

    app.post(
      '/api/tournament-leaderboards/:id',
      {
        config: { ...scoreRateLimit, signIn: 'player' },
        schema: {
          tags,
          summary:
            "A tournament score, once per play session; keeps the player's best and answers their rank",
          params: IdParams,
          ...scoreReportSchema,
        },
      },
      async (request, reply) => {
        const result = await tournaments.reportScore(
          currentPlayer(request).uid,
          request.params.id,
          request.body,
        );
        return sendEnvelope(reply, 200, 'Score saved.', result);
      },
    );

    app.get(
      '/api/tournament-leaderboards/:id',
      {
        config: { signIn: 'player' },
        schema: {
          tags,
          summary: 'A page of the leaderboard: best first, ties to who reached the score first',
          params: IdParams,
          querystring: LeaderboardQuerySchema,
          response: { 200: envelopeSchema(LeaderboardPageSchema), ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const page = await tournaments.leaderboardPage(request.params.id, request.query);
        return sendEnvelope(reply, 200, 'OK', page);
      },
    );

    app.get(
      '/api/tournament-leaderboards/:id/me',
      {
        config: { signIn: 'player' },
        schema: {
          tags,
          summary: 'Your rank and best in the tournament, or null when you have no score',
          params: IdParams,
          response: { 200: envelopeSchema(OwnRankSchema.nullable()), ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const own = await tournaments.ownRank(request.params.id, currentPlayer(request).uid);
        return sendEnvelope(reply, 200, 'OK', own);
      },
    );

    app.get(
      '/api/tournament-awards/tournament/:id',
      {
        config: { signIn: 'player' },
        schema: {
          tags,
          summary: "The tournament's prizes by podium place, with the winner once it is ranked",
          params: IdParams,
          response: { 200: envelopeSchema(z.array(TournamentAwardSchema)), ...errors },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'OK', await tournaments.awardsOf(request.params.id)),
    );

    app.get(
      '/api/hall-of-fame',
      {
        config: { signIn: 'player' },
        schema: {
          tags,
          summary: 'The champions of every ranked tournament, newest first',
          response: { 200: envelopeSchema(z.array(HallOfFameEntrySchema)), ...errorResponses(401) },
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'OK', await tournaments.hallOfFame(languageOfRequest(request))),
    );
  };
}
