import { PageQuerySchema } from '@playon/shared/ops';
import {
  ChatRoomFormSchema,
  OpsChatRoomPageSchema,
  OpsChatRoomSchema,
  ReasonRequestSchema,
} from '@playon/shared/ops-content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../../platform/db.ts';
import { envelopeSchema, sendEnvelope } from '../../../platform/envelope.ts';
import { OpsIdParams, type OpsService, opsArea, opsRefusals } from '../../operator/service.ts';
import { createRoomsConsole } from './actions.ts';

const refusals = opsRefusals(404, 409);

/** /api/ops/content/chat-rooms: create, rename, change the icon, archive. */
export function chatRoomsOpsRoutes(db: Db, ops: OpsService) {
  const desk = createRoomsConsole({ db });
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { signIn, tags, audit } = opsArea(ops, 'content');

    app.get(
      '/api/ops/content/chat-rooms',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'Every chat room, archived ones last, with its members; search by name',
          querystring: PageQuerySchema,
          response: { 200: envelopeSchema(OpsChatRoomPageSchema), ...refusals },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Chat rooms.', await desk.page(request.query)),
    );
    app.post(
      '/api/ops/content/chat-rooms',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'Create a chat room with its name and icon',
          body: ChatRoomFormSchema,
          response: { 200: envelopeSchema(OpsChatRoomSchema), ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'Chat room created.', await desk.create(request.body, audit(request))),
    );
    app.post(
      '/api/ops/content/chat-rooms/:id',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'Rename a chat room or change its icon',
          params: OpsIdParams,
          body: ChatRoomFormSchema,
          response: { 200: envelopeSchema(OpsChatRoomSchema), ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Chat room saved.',
          await desk.update(request.params.id, request.body, audit(request)),
        ),
    );
    app.post(
      '/api/ops/content/chat-rooms/:id/archive',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'Archive a chat room, with the reason: off the list, closed; its messages kept',
          params: OpsIdParams,
          body: ReasonRequestSchema,
          response: { 200: envelopeSchema(OpsChatRoomSchema), ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Chat room archived.',
          await desk.archive(request.params.id, request.body.reason, audit(request)),
        ),
    );
  };
}
