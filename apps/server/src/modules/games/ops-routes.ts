import { opsTag, PageQuerySchema } from '@playon/shared/ops';
import {
  GameSettingsSchema,
  OpsGamePageSchema,
  OpsGameSchema,
  OutsideGameSchema,
} from '@playon/shared/ops-content';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema, envelopeSchema, sendEnvelope } from '../../platform/envelope.ts';
import { actorOf, currentOperator, type OpsService } from '../ops/service.ts';
import type { GameService, RecordAudit } from './service.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const refusals = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema };

/** /api/ops/content/games: the catalogue as admins run it (issue 13). */
export function gameOpsRoutes(games: GameService, ops: OpsService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const door = { onRequest: ops.access.requireArea('content') };
    const tags = [opsTag('content')];
    const audit =
      (request: FastifyRequest): RecordAudit =>
      (tx, entry) =>
        ops.audit.record(tx, actorOf(currentOperator(request)), entry);

    app.get(
      '/api/ops/content/games',
      {
        ...door,
        schema: {
          tags,
          summary: 'Every game, enabled or not, in the catalogue order; search by name or package id',
          querystring: PageQuerySchema,
          response: { 200: envelopeSchema(OpsGamePageSchema), ...refusals },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Games.', await games.console.page(request.query)),
    );

    app.post(
      '/api/ops/content/games',
      {
        ...door,
        schema: {
          tags,
          summary:
            'Add an outside HTML5 game by its https address (scored by its limits only, no tournaments)',
          body: OutsideGameSchema,
          response: { 200: envelopeSchema(OpsGameSchema), 409: ErrorEnvelopeSchema, ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Game added.',
          await games.console.addOutsideGame(request.body, audit(request)),
        ),
    );

    app.post(
      '/api/ops/content/games/:id',
      {
        ...door,
        schema: {
          tags,
          summary: "A game's settings: enabled, featured, order, access and score limits",
          params: IdParams,
          body: GameSettingsSchema,
          response: { 200: envelopeSchema(OpsGameSchema), 404: ErrorEnvelopeSchema, ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Game saved.',
          await games.console.updateSettings(request.params.id, request.body, audit(request)),
        ),
    );
  };
}
