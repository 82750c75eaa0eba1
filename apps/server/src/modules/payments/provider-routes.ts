import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AIRTIME_SIGNATURE_HEADER } from '../../platform/airtime/callbacks.ts';
import { PAYSTACK_SIGNATURE_HEADER } from '../../platform/paystack/webhook.ts';
import { CARD_RETURN_PATH } from './card.ts';
import type { PaymentService } from './service.ts';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * What the card gateway and the carrier call (not for clients): the card webhook and the browser's
 * return from the checkout, and the airtime charge result. Signed bodies are checked on their exact
 * bytes, so this scope keeps every body as the raw Buffer it received.
 */
export function providerRoutes(payments: PaymentService, callbackSecret: string) {
  return async (app: FastifyInstance) => {
    await app.register(async (raw) => {
      const keepRaw = (_request: unknown, body: Buffer, done: (err: Error | null, body?: Buffer) => void) =>
        done(null, body);
      raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, keepRaw);
      raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, keepRaw);

      raw.post('/api/payments/callbacks/card', { schema: { hide: true } }, async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await payments.handleCardWebhook(
          body,
          header(request.headers[PAYSTACK_SIGNATURE_HEADER]),
        );
        if (outcome === 'unauthorized')
          return reply.code(401).send({ status: false, message: 'Invalid signature' });
        if (outcome === 'malformed')
          return reply.code(400).send({ status: false, message: 'Malformed event' });
        return reply.code(200).send({ status: true });
      });

      raw.post<{ Params: { secret: string } }>(
        '/api/payments/callbacks/airtime/:secret',
        { schema: { hide: true } },
        async (request, reply) => {
          if (!sameSecret(request.params.secret, callbackSecret))
            return reply.code(404).send({ ResultCode: 1, ResultDesc: 'Not found' });
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const outcome = await payments.handleAirtimeResult(
            body,
            header(request.headers[AIRTIME_SIGNATURE_HEADER]),
          );
          if (outcome === 'unauthorized')
            return reply.code(401).send({ ResultCode: 1, ResultDesc: 'Invalid signature' });
          if (outcome === 'malformed') return reply.code(400).send({ ResultCode: 1, ResultDesc: 'Rejected' });
          return reply.code(200).send({ ResultCode: 0, ResultDesc: 'Accepted' });
        },
      );
    });

    // The browser comes back from the hosted checkout: verified with the gateway, then the waiting page.
    app.get<{ Querystring: { reference?: string; trxref?: string } }>(
      CARD_RETURN_PATH,
      { schema: { hide: true } },
      async (request, reply) => {
        const reference = request.query.reference ?? request.query.trxref ?? '';
        const intentId = await payments.handleCardReturn(reference);
        return reply.redirect(intentId ? `/waiting?id=${encodeURIComponent(intentId)}` : '/', 302);
      },
    );
  };
}
