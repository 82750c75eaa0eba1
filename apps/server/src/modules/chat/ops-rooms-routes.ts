import { opsTag, PageQuerySchema } from '@playon/shared/ops';
import {
  ChatRoomFormSchema,
  OpsChatRoomPageSchema,
  OpsChatRoomSchema,
  ReasonRequestSchema,
} from '@playon/shared/ops-content';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { ErrorEnvelopeSchema, envelopeSchema, sendEnvelope } from '../../platform/envelope.ts';
import { actorOf, currentOperator, type OpsService } from '../ops/service.ts';
import { createRoomsConsole, type RecordAudit } from './rooms-console.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const refusals = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
};

/** /api/ops/content/chat-rooms: create, rename, change the icon, archive (issue 13). */
export function chatRoomsOpsRoutes(db: Db, ops: OpsService) {
  const desk = createRoomsConsole({ db });
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const door = { onRequest: ops.access.requireArea('content') };
    const tags = [opsTag('content')];
    const audit =
      (request: FastifyRequest): RecordAudit =>
      (tx, entry) =>
        ops.audit.record(tx, actorOf(currentOperator(request)), entry);

    app.get(
      '/api/ops/content/chat-rooms',
      {
        ...door,
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
        ...door,
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
        ...door,
        schema: {
          tags,
          summary: 'Rename a chat room or change its icon',
          params: IdParams,
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
        ...door,
        schema: {
          tags,
          summary: 'Archive a chat room, with the reason: off the list, closed; its messages kept',
          params: IdParams,
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
