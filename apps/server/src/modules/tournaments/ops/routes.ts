import { PageQuerySchema } from '@playon/shared/ops';
import {
  OpsTournamentPageSchema,
  OpsTournamentSchema,
  ReasonRequestSchema,
  TournamentFormSchema,
} from '@playon/shared/ops-content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, sendEnvelope } from '../../../platform/envelope.ts';
import { OpsIdParams, type OpsService, opsArea, opsRefusals } from '../../operator/service.ts';
import type { TournamentService } from '../service.ts';

const refusals = opsRefusals(404, 409);
const answer = { 200: envelopeSchema(OpsTournamentSchema), ...refusals };

/** /api/ops/content/tournaments: create, edit before the start, cancel, end now and rank. */
export function tournamentOpsRoutes(tournaments: TournamentService, ops: OpsService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { signIn, tags, audit } = opsArea(ops, 'content');
    const { console: desk } = tournaments;

    app.get(
      '/api/ops/content/tournaments',
      {
        config: { signIn },
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
        config: { signIn },
        schema: {
          tags,
          summary: 'One tournament with its prizes and state',
          params: OpsIdParams,
          response: answer,
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Tournament.', await desk.get(request.params.id)),
    );

    app.post(
      '/api/ops/content/tournaments',
      {
        config: { signIn },
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
        config: { signIn },
        schema: {
          tags,
          summary: 'Edit a tournament before it starts (refused once it has started)',
          params: OpsIdParams,
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

    const endings = [
      [
        'cancel',
        'Cancel a tournament, with the reason: no prizes, scores kept, its players told',
        'Tournament cancelled.',
      ],
      [
        'end-now',
        'End a running tournament now and rank it: prizes, hall of fame, notices',
        'Tournament ended and ranked.',
      ],
    ] as const;
    for (const [action, summary, message] of endings) {
      app.post(
        `/api/ops/content/tournaments/:id/${action}`,
        {
          config: { signIn },
          schema: { tags, summary, params: OpsIdParams, body: ReasonRequestSchema, response: answer },
        },
        async (request, reply) => {
          const { id } = request.params;
          const { reason } = request.body;
          const ended =
            action === 'cancel'
              ? await desk.cancel(id, reason, audit(request))
              : await desk.endNow(id, reason, audit(request));
          return sendEnvelope(reply, 200, message, ended);
        },
      );
    }
  };
}
