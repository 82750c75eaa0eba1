import { PageQuerySchema } from '@playon/shared/ops';
import {
  AudienceDefinitionSchema,
  AudienceDeleteResultSchema,
  AudienceSizeSchema,
  SavedAudiencePageSchema,
  SavedAudienceRequestSchema,
  SavedAudienceSchema,
} from '@playon/shared/ops-audiences';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, sendEnvelope } from '../../../platform/envelope.ts';
import { OpsIdParams, type OpsService, opsArea, opsRefusals } from '../../operator/service.ts';
import type { Audiences } from './actions.ts';

const refusals = opsRefusals(404);
const changeRefusals = opsRefusals(404, 409);

/** /api/ops/community/audiences: saved audiences, counted and previewed now (ADR 0068). */
export function audienceOpsRoutes(audiences: Audiences, ops: Pick<OpsService, 'access' | 'audit'>) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { signIn, signInOf, tags, tagsOf, actor } = opsArea(ops, 'community');
    const define = { signIn: signInOf('audience.define'), tags: tagsOf('audience.define') };

    app.get(
      '/api/ops/community/audiences',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'Saved audiences, newest first; q finds a name',
          querystring: PageQuerySchema,
          response: { 200: envelopeSchema(SavedAudiencePageSchema), ...refusals },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Audiences.', await audiences.page(request.query)),
    );

    app.get(
      '/api/ops/community/audiences/size',
      {
        config: { signIn },
        schema: {
          tags,
          summary: "An unsaved rule's players now: how many, and the first few usernames",
          querystring: AudienceDefinitionSchema,
          response: { 200: envelopeSchema(AudienceSizeSchema), ...refusals },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Size.', await audiences.sizeOfRule(request.query)),
    );

    app.get(
      '/api/ops/community/audiences/:id/size',
      {
        config: { signIn },
        schema: {
          tags,
          summary: "A saved audience's players now: how many, and the first few usernames",
          params: OpsIdParams,
          response: { 200: envelopeSchema(AudienceSizeSchema), ...refusals },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Size.', await audiences.sizeOf(request.params.id)),
    );

    app.post(
      '/api/ops/community/audiences',
      {
        config: { signIn: define.signIn },
        schema: {
          tags: define.tags,
          summary: 'Save an audience: a name and its rule; audited',
          body: SavedAudienceRequestSchema,
          response: { 200: envelopeSchema(SavedAudienceSchema), ...changeRefusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'Audience saved.', await audiences.create(actor(request), request.body)),
    );

    app.post(
      '/api/ops/community/audiences/:id',
      {
        config: { signIn: define.signIn },
        schema: {
          tags: define.tags,
          summary: "Change a saved audience's name or rule; audited",
          params: OpsIdParams,
          body: SavedAudienceRequestSchema,
          response: { 200: envelopeSchema(SavedAudienceSchema), ...changeRefusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Audience saved.',
          await audiences.update(actor(request), request.params.id, request.body),
        ),
    );

    app.post(
      '/api/ops/community/audiences/:id/delete',
      {
        config: { signIn: define.signIn },
        schema: {
          tags: define.tags,
          summary: 'Delete a saved audience (broadcasts sent to it keep its rule); audited',
          params: OpsIdParams,
          response: { 200: envelopeSchema(AudienceDeleteResultSchema), ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Audience deleted.',
          await audiences.remove(actor(request), request.params.id),
        ),
    );
  };
}
