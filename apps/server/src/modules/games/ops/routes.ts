import { PageQuerySchema } from '@playon/shared/ops';
import {
  GameSettingsSchema,
  OpsGamePageSchema,
  OpsGameSchema,
  OutsideGameSchema,
} from '@playon/shared/ops-content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, sendEnvelope } from '../../../platform/envelope.ts';
import { OpsIdParams, type OpsService, opsArea, opsRefusals } from '../../operator/service.ts';
import type { GameService } from '../service.ts';

const refusals = opsRefusals();

/** /api/ops/content/games: the catalogue as admins run it. */
export function gameOpsRoutes(games: GameService, ops: OpsService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { signIn, tags, audit } = opsArea(ops, 'content');

    app.get(
      '/api/ops/content/games',
      {
        config: { signIn },
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
        config: { signIn },
        schema: {
          tags,
          summary:
            'Add an outside HTML5 game by its https address (scored by its limits only, no tournaments)',
          body: OutsideGameSchema,
          response: { 200: envelopeSchema(OpsGameSchema), ...opsRefusals(409) },
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
        config: { signIn },
        schema: {
          tags,
          summary: "A game's settings: enabled, featured, order, access and score limits",
          params: OpsIdParams,
          body: GameSettingsSchema,
          response: { 200: envelopeSchema(OpsGameSchema), ...opsRefusals(404) },
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
