import {
  PaymentIntentSchema,
  PaymentMethodSchema,
  PaymentParamsSchema,
  TopUpRequestSchema,
} from '@playon/shared/payments';
import { SubscribeRequestSchema } from '@playon/shared/subscriptions';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, errorResponses, sendEnvelope } from '../../platform/envelope.ts';
import { languageOfRequest, translated } from '../../platform/i18n.ts';
import type { Idempotency } from '../../platform/idempotency/index.ts';
import { answerOnce, IdempotencyHeaderSchema, moneyPostErrors } from '../../platform/idempotency/respond.ts';
import { currentPlayer } from '../auth/service.ts';
import type { PaymentService } from './service.ts';

/**
 * The player's payment endpoints (the wallet's are in wallet/routes.ts), and what the providers
 * call back. `limitPaymentStarts` counts the payments a player starts per minute, every money
 * endpoint together (one counter, shared with the wallet's withdraw).
 */
export function paymentRoutes(
  payments: PaymentService,
  idempotency: Idempotency,
  limitPaymentStarts: onRequestHookHandler,
) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    for (const routes of payments.providerRoutes) await fastify.register(routes);

    app.get(
      '/api/payment-methods/list',
      {
        config: { signIn: 'player' },
        schema: {
          tags: ['payments'],
          summary:
            'The payment methods; PAYPAL, and a method whose provider is not configured here, are listed as not available',
          response: { 200: envelopeSchema(z.array(PaymentMethodSchema)), ...errorResponses(401) },
        },
      },
      async (_request, reply) => sendEnvelope(reply, 200, 'Payment methods.', await payments.listMethods()),
    );

    app.post(
      '/api/payments/top-up',
      {
        config: { signIn: 'player' },
        onRequest: limitPaymentStarts,
        schema: {
          tags: ['payments'],
          summary:
            "Top up the wallet (M-Pesa, card), or boost a friend's when userId is another player (M-Pesa, card, wallet); needs an Idempotency-Key header",
          headers: IdempotencyHeaderSchema,
          body: TopUpRequestSchema,
          response: { 200: envelopeSchema(PaymentIntentSchema), ...moneyPostErrors },
        },
      },
      (request, reply) =>
        answerOnce(idempotency, request, reply, {
          playerUid: currentPlayer(request).uid,
          scope: 'top-up',
          message: payments.startedMessage(request.body.paymentMethodId),
          work: (record) => payments.topUp(currentPlayer(request), request.body, record),
        }),
    );

    app.post(
      '/api/payments/subscribe',
      {
        config: { signIn: 'player' },
        onRequest: limitPaymentStarts,
        schema: {
          tags: ['payments'],
          summary:
            'Buy a daily subscription package (M-Pesa, card, wallet, airtime for Bronze); needs an Idempotency-Key header',
          headers: IdempotencyHeaderSchema,
          body: SubscribeRequestSchema,
          response: { 200: envelopeSchema(PaymentIntentSchema), ...moneyPostErrors },
        },
      },
      (request, reply) =>
        answerOnce(idempotency, request, reply, {
          playerUid: currentPlayer(request).uid,
          scope: 'subscribe',
          message: payments.startedMessage(request.body.paymentMethodId),
          work: (record) => payments.subscribe(currentPlayer(request), request.body, record),
        }),
    );

    app.get(
      '/api/payments/:id',
      {
        config: { signIn: 'player' },
        schema: {
          tags: ['payments'],
          summary: "One of the player's payment intents (the waiting page's task)",
          params: PaymentParamsSchema,
          response: {
            200: envelopeSchema(PaymentIntentSchema),
            ...errorResponses(401, 404),
          },
        },
      },
      async (request, reply) => {
        const intent = await payments.intentOf(currentPlayer(request), request.params.id);
        // The waiting page reads an ending it missed on the socket here, in the player's language.
        const message =
          intent.message === null
            ? null
            : translated(intent.message, languageOfRequest(request), request.log);
        return sendEnvelope(reply, 200, 'Payment.', { ...intent, message });
      },
    );
  };
}
