import { languageOf } from '@playon/shared/i18n/language';
import { SubscriptionPackageSchema, UserSubscriptionSchema } from '@playon/shared/subscriptions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, errorResponses, sendEnvelope } from '../../platform/envelope.ts';
import { currentPlayer } from '../auth/service.ts';
import type { SubscriptionService } from './service.ts';

export function subscriptionRoutes(subscriptions: SubscriptionService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/subscription-packages/list',
      {
        config: { signIn: 'player' },
        schema: {
          tags: ['subscriptions'],
          summary: 'The daily packages, cheapest first',
          response: { 200: envelopeSchema(z.array(SubscriptionPackageSchema)), ...errorResponses(401) },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'OK',
          await subscriptions.listPackages(languageOf(request.headers['accept-language'])),
        ),
    );

    app.get(
      '/api/subscriptions/list',
      {
        config: { signIn: 'player' },
        schema: {
          tags: ['subscriptions'],
          summary: 'Your subscriptions: one per package you bought, with its latest expiry',
          response: { 200: envelopeSchema(z.array(UserSubscriptionSchema)), ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return sendEnvelope(reply, 200, 'OK', await subscriptions.listForPlayer(currentPlayer(request).uid));
      },
    );
  };
}
