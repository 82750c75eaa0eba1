import { PageQuerySchema } from '@playon/shared/ops';
import {
  HideMessageRequestSchema,
  LiftMuteRequestSchema,
  ModerationMessagePageSchema,
  ModerationMessageSchema,
  ModerationMessagesQuerySchema,
  ModerationRoomPageSchema,
  ModerationRoomSchema,
  MutePageSchema,
  MuteRequestSchema,
  MuteSchema,
  moderationMessages,
} from '@playon/shared/ops-community';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, sendEnvelope } from '../../../platform/envelope.ts';
import { type OpsService, opsArea, opsRefusals } from '../../operator/service.ts';
import type { ChatModeration } from './moderation-actions.ts';

const refusals = opsRefusals(404);
const RoomParams = z.object({ chatRoomUid: z.string().min(1).max(200) });
const MessageParams = RoomParams.extend({
  messageId: z.uuid({ error: moderationMessages.messageNotFound }),
});
const PlayerParams = RoomParams.extend({ uid: z.string().min(1).max(200) });

/** /api/ops/community/chat: moderating the chat rooms (support and admin). */
export function opsModerationRoutes(moderation: ChatModeration, ops: OpsService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { signIn, tags, actor } = opsArea(ops, 'community');

    app.get(
      '/api/ops/community/chat/rooms',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'The chat rooms to moderate, by name, with members and players muted now',
          querystring: PageQuerySchema,
          response: { 200: envelopeSchema(ModerationRoomPageSchema), ...refusals },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Rooms.', await moderation.listRooms(request.query)),
    );

    app.get(
      '/api/ops/community/chat/rooms/:chatRoomUid',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'A room to moderate, with its members and players muted now',
          params: RoomParams,
          response: { 200: envelopeSchema(ModerationRoomSchema), ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'Room.', await moderation.room(request.params.chatRoomUid)),
    );

    app.get(
      '/api/ops/community/chat/rooms/:chatRoomUid/messages',
      {
        config: { signIn },
        schema: {
          tags,
          summary: "A room's messages, newest first (shown, hidden or all), searchable by text or sender uid",
          params: RoomParams,
          querystring: ModerationMessagesQuerySchema,
          response: { 200: envelopeSchema(ModerationMessagePageSchema), ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Messages.',
          await moderation.listMessages(request.params.chatRoomUid, request.query),
        ),
    );

    app.post(
      '/api/ops/community/chat/rooms/:chatRoomUid/messages/:messageId/hide',
      {
        config: { signIn },
        schema: {
          tags,
          summary:
            'Hide a message with the reason: it goes at once from every member with the room open; audited',
          params: MessageParams,
          body: HideMessageRequestSchema,
          response: { 200: envelopeSchema(ModerationMessageSchema), ...opsRefusals(404, 409) },
        },
      },
      async (request, reply) => {
        const { chatRoomUid, messageId } = request.params;
        const hidden = await moderation.hide(actor(request), chatRoomUid, messageId, request.body.reason);
        return sendEnvelope(reply, 200, moderationMessages.hidden, hidden);
      },
    );

    app.get(
      '/api/ops/community/chat/rooms/:chatRoomUid/mutes',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'The players muted in a room now',
          params: RoomParams,
          querystring: PageQuerySchema,
          response: { 200: envelopeSchema(MutePageSchema), ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Mutes.',
          await moderation.listMutes(request.params.chatRoomUid, request.query),
        ),
    );

    app.post(
      '/api/ops/community/chat/rooms/:chatRoomUid/mutes',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'Mute a player in a room for a time, with the reason (muting again replaces it); audited',
          params: RoomParams,
          body: MuteRequestSchema,
          response: { 200: envelopeSchema(MuteSchema), ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          moderationMessages.muted,
          await moderation.mute(actor(request), request.params.chatRoomUid, request.body),
        ),
    );

    app.post(
      '/api/ops/community/chat/rooms/:chatRoomUid/mutes/:uid/lift',
      {
        config: { signIn },
        schema: {
          tags,
          summary: "Lift a player's mute in a room now, with the reason; audited",
          params: PlayerParams,
          body: LiftMuteRequestSchema,
          response: { 200: envelopeSchema(MuteSchema), ...refusals },
        },
      },
      async (request, reply) => {
        const { chatRoomUid, uid } = request.params;
        const lifted = await moderation.lift(actor(request), chatRoomUid, uid, request.body.reason);
        return sendEnvelope(reply, 200, moderationMessages.lifted, lifted);
      },
    );
  };
}
