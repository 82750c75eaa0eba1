import { messages } from '@playon/shared/messages';
import { ReferralRequestSchema, ReferralResultSchema } from '@playon/shared/referral';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, errorResponses, sendEnvelope } from '../../platform/envelope.ts';
import { currentPlayer } from '../auth/service.ts';
import type { ReferralService } from './service.ts';

export function referralRoutes(referrals: ReferralService) {
  return async (fastify: FastifyInstance) => {
    fastify.withTypeProvider<ZodTypeProvider>().post(
      '/api/referrals',
      {
        config: { signIn: 'player' },
        schema: {
          tags: ['referrals'],
          summary: "Apply another player's referral code, once",
          body: ReferralRequestSchema,
          response: {
            200: envelopeSchema(ReferralResultSchema),
            ...errorResponses(400, 401, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const payload = await referrals.applyReferralCode(currentPlayer(request), request.body.referralCode);
        return sendEnvelope(reply, 200, messages.referral.applied, payload);
      },
    );
  };
}
