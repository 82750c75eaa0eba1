import {
  DataRequestAnswerSchema,
  DataRequestCreateSchema,
  DataRequestPageSchema,
  DataRequestQuerySchema,
  DataRequestSchema,
} from '@playon/shared/ops-data-requests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, sendEnvelope } from '../../../platform/envelope.ts';
import { OpsIdParams, type OpsService, opsArea, opsRefusals } from '../service.ts';
import type { PlayersOps } from './service.ts';

/** /api/ops/players/data-requests: the Data Protection Act's register and its seven-day clock. */
export function dataRequestRoutes(players: PlayersOps, ops: Pick<OpsService, 'access' | 'audit'>) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { signIn, signInOf, tags, tagsOf, actor } = opsArea(ops, 'players');
    const record = { signIn: signInOf('data-request.record'), tags: tagsOf('data-request.record') };

    app.get(
      '/api/ops/players/data-requests',
      {
        config: { signIn },
        schema: {
          tags,
          summary:
            "Data requests with the Act's clock (days left, Nairobi): open (nearest deadline first), overdue, answered or all; uid for one player's",
          querystring: DataRequestQuerySchema,
          response: { 200: envelopeSchema(DataRequestPageSchema), ...opsRefusals() },
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'Data requests.', await players.dataRequests(request.query)),
    );

    app.post(
      '/api/ops/players/data-requests',
      {
        config: { signIn: record.signIn },
        schema: {
          tags: record.tags,
          summary:
            'Record a data request as it arrived: the player, access or erasure, the Nairobi day, the channel; audited',
          body: DataRequestCreateSchema,
          response: { 200: envelopeSchema(DataRequestSchema), ...opsRefusals(404) },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Data request recorded.',
          await players.recordDataRequest(actor(request), request.body),
        ),
    );

    app.post(
      '/api/ops/players/data-requests/:id/answer',
      {
        config: { signIn: record.signIn },
        schema: {
          tags: record.tags,
          summary: 'Mark a data request answered, saying what was done; audited',
          params: OpsIdParams,
          body: DataRequestAnswerSchema,
          response: { 200: envelopeSchema(DataRequestSchema), ...opsRefusals(404, 409) },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Data request answered.',
          await players.answerDataRequest(actor(request), request.params.id, request.body.reason),
        ),
    );
  };
}
