import { timingSafeEqual } from 'node:crypto';
import {
  AmountSchema,
  IDEMPOTENCY_HEADER,
  intentStatuses,
  type PaymentIntent,
  PaymentParamsSchema,
  paymentMethodCodes,
  paymentPaceMessages,
  TopUpRequestSchema,
  transactionTypes,
  WithdrawRequestSchema,
} from '@playon/shared/payments';
import { SubscribeRequestSchema } from '@playon/shared/subscriptions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema, envelopeSchema, sendEnvelope } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { Idempotency } from '../../platform/idempotency/index.ts';
import { currentPlayer, type RequirePlayer } from '../auth/service.ts';
import { providerRoutes } from './provider-routes.ts';
import { type CallbackKind, type OnCommitted, type PaymentService, paymentMessages } from './service.ts';

const PaymentIntentSchema = z.object({
  id: z.string(),
  status: z.enum(intentStatuses),
  type: z.enum(transactionTypes),
  amount: z.number(),
  fee: z.number(),
  message: z.string().nullable(),
  txGwSessionUrl: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const WalletTransactionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  transactionDesc: z.string(),
  transactionDescId: z.string(),
  payment: z.object({ successful: z.boolean(), mpesaTransactionDate: z.string().nullable() }).nullable(),
  payout: z
    .object({ successful: z.boolean(), transactionCompletedDateTime: z.string().nullable() })
    .nullable(),
  amount: z.number(),
  direction: z.enum(['CREDIT', 'DEBIT']),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
};
const idempotencyHeader = z.object({ 'idempotency-key': z.string().optional() });

const callbackKinds: CallbackKind[] = ['stk', 'b2c/result', 'b2c/timeout', 'status/result', 'status/timeout'];

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function paymentRoutes(
  payments: PaymentService,
  idempotency: Idempotency,
  requirePlayer: RequirePlayer,
  callbackSecret: string,
) {
  /**
   * Runs a money-moving POST once per Idempotency-Key and answers the stored response to repeats.
   * The payment's own transaction records the answer too (`onCommitted`), so a retry after a crash
   * gets the payment the first attempt committed.
   */
  async function once(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: string,
    message: string,
    start: (onCommitted: OnCommitted) => Promise<PaymentIntent>,
  ) {
    const player = currentPlayer(request);
    const answer = (payload: PaymentIntent) => ({
      statusCode: 200,
      body: { statusCode: 200, statusMessage: message, payload },
    });
    const stored = await idempotency.run(
      {
        playerUid: player.uid,
        key: request.headers[IDEMPOTENCY_HEADER.toLowerCase()],
        scope,
        body: request.body,
      },
      async (hold) => answer(await start((intent, tx) => hold.record(tx, answer(intent)))),
    );
    return reply.code(stored.statusCode).send(stored.body);
  }

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    /**
     * Payments a player may start per minute, top-up, subscribe and withdraw together: one counter
     * of @fastify/rate-limit's store (in Redis when REDIS_URL is set, so across instances), counted
     * once the token is checked, refused with 429 RATE_LIMITED. The phone's limits are the service's.
     */
    const limitPlayer = fastify.rateLimit({
      max: payments.paymentsPerPlayerPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) => `payments-started:${currentPlayer(request).uid}`,
      errorResponseBuilder: () => new AppError('RATE_LIMITED', paymentPaceMessages.tooManyPayments),
    });
    const playerWithinLimit = [requirePlayer, limitPlayer];
    await fastify.register(providerRoutes(payments, callbackSecret));

    app.get(
      '/api/payment-methods/list',
      {
        onRequest: requirePlayer,
        schema: {
          tags: ['payments'],
          summary: 'The payment methods; PAYPAL is listed as not available',
          response: {
            200: envelopeSchema(
              z.array(
                z.object({
                  id: z.number(),
                  code: z.enum(paymentMethodCodes),
                  name: z.string(),
                  available: z.boolean(),
                }),
              ),
            ),
            401: ErrorEnvelopeSchema,
          },
        },
      },
      async (_request, reply) => sendEnvelope(reply, 200, 'Payment methods.', await payments.listMethods()),
    );

    app.post(
      '/api/payments/top-up',
      {
        onRequest: playerWithinLimit,
        schema: {
          tags: ['payments'],
          summary:
            "Top up the wallet (M-Pesa, card), or boost a friend's when userId is another player (M-Pesa, card, wallet); needs an Idempotency-Key header",
          headers: idempotencyHeader,
          body: TopUpRequestSchema,
          response: { 200: envelopeSchema(PaymentIntentSchema), ...errors },
        },
      },
      (request, reply) =>
        once(request, reply, 'top-up', payments.startedMessage(request.body.paymentMethodId), (onCommitted) =>
          payments.topUp(currentPlayer(request), request.body, onCommitted),
        ),
    );

    app.post(
      '/api/payments/subscribe',
      {
        onRequest: playerWithinLimit,
        schema: {
          tags: ['payments'],
          summary:
            'Buy a daily subscription package (M-Pesa, card, wallet, airtime for Bronze); needs an Idempotency-Key header',
          headers: idempotencyHeader,
          body: SubscribeRequestSchema,
          response: { 200: envelopeSchema(PaymentIntentSchema), ...errors },
        },
      },
      (request, reply) =>
        once(
          request,
          reply,
          'subscribe',
          payments.startedMessage(request.body.paymentMethodId),
          (onCommitted) => payments.subscribe(currentPlayer(request), request.body, onCommitted),
        ),
    );

    app.post(
      '/api/wallets/withdraw',
      {
        onRequest: playerWithinLimit,
        schema: {
          tags: ['wallet'],
          summary:
            'Withdraw to M-Pesa (B2C): amount + fee are reserved at once; needs an Idempotency-Key header',
          headers: idempotencyHeader,
          body: WithdrawRequestSchema,
          response: { 200: envelopeSchema(PaymentIntentSchema), ...errors },
        },
      },
      (request, reply) =>
        once(request, reply, 'withdraw', paymentMessages.withdrawalStarted, (onCommitted) =>
          payments.withdraw(currentPlayer(request), request.body, onCommitted),
        ),
    );

    app.get(
      '/api/wallets/withdraw-charges/:amount',
      {
        onRequest: requirePlayer,
        schema: {
          tags: ['wallet'],
          summary: 'The fee in KES for withdrawing this amount',
          params: z.object({
            amount: z.coerce.number({ error: 'Please enter an amount.' }).pipe(AmountSchema),
          }),
          response: { 200: envelopeSchema(z.number()), 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema },
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'Withdrawal charges.', payments.withdrawCharges(request.params.amount)),
    );

    app.get(
      '/api/wallets/balance',
      {
        onRequest: requirePlayer,
        schema: {
          tags: ['wallet'],
          summary: "The player's wallet balance in KES",
          response: { 200: envelopeSchema(z.object({ balance: z.number() })), 401: ErrorEnvelopeSchema },
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'Wallet balance.', await payments.balanceOf(currentPlayer(request))),
    );

    app.get(
      '/api/wallets/list',
      {
        onRequest: requirePlayer,
        schema: {
          tags: ['wallet'],
          summary: "The wallet's transactions, newest first",
          response: { 200: envelopeSchema(z.array(WalletTransactionSchema)), 401: ErrorEnvelopeSchema },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Wallet transactions.',
          await payments.transactionsOf(currentPlayer(request)),
        ),
    );

    app.get(
      '/api/payments/:id',
      {
        onRequest: requirePlayer,
        schema: {
          tags: ['payments'],
          summary: "One of the player's payment intents (the waiting page's task)",
          params: PaymentParamsSchema,
          response: {
            200: envelopeSchema(PaymentIntentSchema),
            401: ErrorEnvelopeSchema,
            404: ErrorEnvelopeSchema,
          },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Payment.',
          await payments.intentOf(currentPlayer(request), request.params.id),
        ),
    );

    // Daraja's callbacks: unsigned, so the path carries a secret (ADR 0009). Answered once applied or queued.
    for (const kind of callbackKinds) {
      fastify.post<{ Params: { secret: string } }>(
        `/api/payments/callbacks/mpesa/:secret/${kind}`,
        { schema: { hide: true } },
        async (request, reply) => {
          if (!sameSecret(request.params.secret, callbackSecret)) {
            return reply.code(404).send({ ResultCode: 1, ResultDesc: 'Not found' });
          }
          try {
            await payments.handleCallback(kind, request.body);
          } catch (err) {
            if (err instanceof Error && err.message.startsWith('Malformed')) {
              request.log.warn({ err, kind }, 'malformed M-Pesa callback');
              return reply.code(400).send({ ResultCode: 1, ResultDesc: 'Rejected' });
            }
            throw err;
          }
          return reply.code(200).send({ ResultCode: 0, ResultDesc: 'Accepted' });
        },
      );
    }
  };
}
