import { opsTag, PageQuerySchema } from '@playon/shared/ops';
import {
  OpsTournamentPageSchema,
  OpsTournamentSchema,
  ReasonRequestSchema,
  TournamentFormSchema,
} from '@playon/shared/ops-content';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema, envelopeSchema, sendEnvelope } from '../../platform/envelope.ts';
import { actorOf, currentOperator, type OpsService } from '../ops/service.ts';
import type { RecordAudit, TournamentService } from './service.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const refusals = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
};
const answer = { 200: envelopeSchema(OpsTournamentSchema), ...refusals };

/** /api/ops/content/tournaments: create, edit before the start, cancel, end now and rank (issue 13). */
export function tournamentOpsRoutes(tournaments: TournamentService, ops: OpsService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const door = { onRequest: ops.access.requireArea('content') };
    const tags = [opsTag('content')];
    const audit =
      (request: FastifyRequest): RecordAudit =>
      (tx, entry) =>
        ops.audit.record(tx, actorOf(currentOperator(request)), entry);
    const { console: desk } = tournaments;

    app.get(
      '/api/ops/content/tournaments',
      {
        ...door,
        schema: {
          tags,
          summary: 'Every tournament, cancelled ones too, the latest start first; search by name',
          querystring: PageQuerySchema,
          response: { 200: envelopeSchema(OpsTournamentPageSchema), ...refusals },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Tournaments.', await desk.page(request.query)),
    );

    app.get(
      '/api/ops/content/tournaments/:id',
      {
        ...door,
        schema: {
          tags,
          summary: 'One tournament with its prizes and state',
          params: IdParams,
          response: answer,
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Tournament.', await desk.get(request.params.id)),
    );

    app.post(
      '/api/ops/content/tournaments',
      {
        ...door,
        schema: {
          tags,
          summary: 'Create a tournament on a game, with a package for each podium place',
          body: TournamentFormSchema,
          response: answer,
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'Tournament created.', await desk.create(request.body, audit(request))),
    );

    app.post(
      '/api/ops/content/tournaments/:id',
      {
        ...door,
        schema: {
          tags,
          summary: 'Edit a tournament before it starts (refused once it has started)',
          params: IdParams,
          body: TournamentFormSchema,
          response: answer,
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Tournament saved.',
          await desk.edit(request.params.id, request.body, audit(request)),
        ),
    );

    app.post(
      '/api/ops/content/tournaments/:id/cancel',
      {
        ...door,
        schema: {
          tags,
          summary: 'Cancel a tournament, with the reason: no prizes, scores kept, its players told',
          params: IdParams,
          body: ReasonRequestSchema,
          response: answer,
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Tournament cancelled.',
          await desk.cancel(request.params.id, request.body.reason, audit(request)),
        ),
    );

    app.post(
      '/api/ops/content/tournaments/:id/end-now',
      {
        ...door,
        schema: {
          tags,
          summary: 'End a running tournament now and rank it: prizes, hall of fame, notices',
          params: IdParams,
          body: ReasonRequestSchema,
          response: answer,
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Tournament ended and ranked.',
          await desk.endNow(request.params.id, request.body.reason, audit(request)),
        ),
    );
  };
}
