import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  ChatListRequestSchema,
  ChatMessageSchema,
  ChatPageSchema,
  ChatRoomSchema,
  ChatSendRequestSchema,
} from '@playon/shared/chat';
import { languageOf } from '@playon/shared/i18n/language';
import { IdempotencyKeySchema } from '@playon/shared/payments';
import { ProfileSchema } from '@playon/shared/profile';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, errorResponses, sendEnvelope } from '../../platform/envelope.ts';
import { currentPlayer } from '../auth/service.ts';
import { CHAT_ICONS_PREFIX, type ChatService } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
// Every answer is the caller's own view (membership, who is online): never cached.
const fresh = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
const RoomParams = z.object({ chatRoomUid: z.string().min(1).max(200) });
// Optional: app versions from before it send without one (ADR 0050).
const SendHeaders = z.object({ 'idempotency-key': IdempotencyKeySchema.optional() });

export function chatRoutes(chat: ChatService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['chat'];
    await app.register(fastifyStatic, {
      root: join(import.meta.dirname, 'icons'),
      prefix: CHAT_ICONS_PREFIX,
      decorateReply: false,
      index: false,
      setHeaders: (reply) => void reply.header('cache-control', 'public, max-age=86400'),
    });

    app.get(
      '/api/chat-rooms/list',
      {
        config: { signIn: 'player' },
        schema: {
          tags,
          summary: 'Every chat room by name, with its members, those online, and whether you are one',
          response: { 200: envelopeSchema(z.array(ChatRoomSchema)), ...errorResponses(401) },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          fresh(reply),
          200,
          'OK',
          await chat.listRooms(currentPlayer(request).uid, languageOf(request.headers['accept-language'])),
        ),
    );

    for (const [action, path] of [
      ['join', '/api/profile/chatroom-join/:chatRoomUid'],
      ['leave', '/api/profile/chatroom-leave/:chatRoomUid'],
    ] as const) {
      app.get(
        path,
        {
          config: { signIn: 'player' },
          schema: {
            tags,
            summary:
              action === 'join'
                ? 'Join a chat room; answers your updated profile (409 when already a member)'
                : 'Leave a chat room; answers your updated profile (no error when not a member)',
            params: RoomParams,
            response: { 200: envelopeSchema(ProfileSchema), ...errors },
          },
        },
        async (request, reply) => {
          const { profile, statusMessage } = await chat[action](
            currentPlayer(request),
            request.params.chatRoomUid,
            languageOf(request.headers['accept-language']),
          );
          return sendEnvelope(fresh(reply), 200, statusMessage, profile);
        },
      );
    }

    app.post(
      '/api/chats/send',
      {
        config: { signIn: 'player' },
        schema: {
          tags,
          summary:
            'Send a message to a room you belong to; every member with the app open gets it on /ws. ' +
            'A repeat under the same Idempotency-Key gets the message already stored.',
          headers: SendHeaders,
          body: ChatSendRequestSchema,
          response: { 200: envelopeSchema(ChatMessageSchema), ...errors },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          fresh(reply),
          200,
          'Message sent.',
          await chat.send(currentPlayer(request).uid, request.body, request.headers['idempotency-key']),
        ),
    );

    // docs/api.md lists the path with its trailing slash; the one without is answered too.
    for (const path of ['/api/chats/list/', '/api/chats/list']) {
      app.post(
        path,
        {
          config: { signIn: 'player' },
          schema: {
            tags,
            summary:
              "A page of a room's messages, oldest first; pages count from the oldest, the last by default",
            body: ChatListRequestSchema,
            response: { 200: envelopeSchema(ChatPageSchema), ...errors },
          },
        },
        async (request, reply) =>
          sendEnvelope(fresh(reply), 200, 'OK', await chat.page(currentPlayer(request).uid, request.body)),
      );
    }
  };
}
