import { languageOf } from '@playon/shared/i18n/language';
import { PlayerNotificationSchema, VapidPublicKeySchema } from '@playon/shared/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, errorResponses, sendEnvelope } from '../../platform/envelope.ts';
import { currentPlayer } from '../auth/service.ts';
import type { NotificationService } from './service.ts';

export function notificationRoutes(notifications: NotificationService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/profile/notifications',
      {
        config: { signIn: 'player' },
        schema: {
          tags: ['notifications'],
          summary: "The caller's latest 100 notifications, newest first",
          response: { 200: envelopeSchema(z.array(PlayerNotificationSchema)), ...errorResponses(401) },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'OK',
          await notifications.listOf(
            currentPlayer(request).uid,
            languageOf(request.headers['accept-language']),
          ),
        ),
    );

    // Public by nature: it is what every browser subscribes with, before or after signing in.
    app.get(
      '/api/push/vapid-public-key',
      {
        config: { signIn: 'public' },
        schema: {
          tags: ['notifications'],
          summary: 'The VAPID application server key (base64url) to subscribe to Web Push with',
          security: [],
          response: { 200: envelopeSchema(VapidPublicKeySchema) },
        },
      },
      async (_request, reply) => sendEnvelope(reply, 200, 'OK', notifications.vapidPublicKey()),
    );
  };
}
