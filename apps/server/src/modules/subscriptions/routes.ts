import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema, envelopeSchema, sendEnvelope } from '../../platform/envelope.ts';
import { currentPlayer, type RequirePlayer } from '../auth/service.ts';
import type { SubscriptionService } from './service.ts';

const SubscriptionPackageSchema = z.object({
  id: z.number().int(),
  name: z.enum(['Bronze', 'Silver', 'Gold', 'Platinum']),
  description: z.string(),
  amount: z.number().describe('KES per day'),
  currency: z.literal('KES'),
  duration: z.number().int().describe('Hours one purchase lasts'),
  popular: z.boolean(),
  oldId: z.number().int().nullable(),
});

const UserSubscriptionSchema = z.object({
  id: z.string(),
  expired: z.boolean(),
  startsAt: z.string(),
  expiresAt: z.string(),
  subscriptionPackage: SubscriptionPackageSchema,
});

export function subscriptionRoutes(subscriptions: SubscriptionService, requirePlayer: RequirePlayer) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/subscription-packages/list',
      {
        preHandler: requirePlayer,
        schema: {
          tags: ['subscriptions'],
          summary: 'The daily packages, cheapest first',
          response: { 200: envelopeSchema(z.array(SubscriptionPackageSchema)), 401: ErrorEnvelopeSchema },
        },
      },
      async (_request, reply) => sendEnvelope(reply, 200, 'OK', await subscriptions.listPackages()),
    );

    app.get(
      '/api/subscriptions/list',
      {
        preHandler: requirePlayer,
        schema: {
          tags: ['subscriptions'],
          summary: 'Your subscriptions: one per package you bought, with its latest expiry',
          response: { 200: envelopeSchema(z.array(UserSubscriptionSchema)), 401: ErrorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return sendEnvelope(reply, 200, 'OK', await subscriptions.listForPlayer(currentPlayer(request).uid));
      },
    );
  };
}
