import type { FastifyInstance } from 'fastify';
import { keepRawBodies, rawBodyOf } from '../../../../platform/body-parsers.ts';
import { PAYSTACK_SIGNATURE_HEADER } from '../../../../platform/paystack/webhook.ts';
import type { CardCallbacks } from './callbacks.ts';
import { CARD_RETURN_PATH } from './checkout.ts';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Anyone may call them (ADR 0073): the webhook is signed, and the return only asks the gateway. */
const publicRoute = { config: { signIn: 'public' }, schema: { hide: true } } as const;

/** What the card gateway calls (its signed webhook, on the raw bytes) and the payer's browser comes back to. */
export function cardRoutes(callbacks: CardCallbacks) {
  return async (app: FastifyInstance) => {
    await app.register(async (raw) => {
      keepRawBodies(raw);
      raw.post('/api/payments/callbacks/card', publicRoute, async (request, reply) => {
        const outcome = await callbacks.handleWebhook(
          rawBodyOf(request),
          header(request.headers[PAYSTACK_SIGNATURE_HEADER]),
        );
        if (outcome === 'unauthorized')
          return reply.code(401).send({ status: false, message: 'Invalid signature' });
        if (outcome === 'malformed')
          return reply.code(400).send({ status: false, message: 'Malformed event' });
        return reply.code(200).send({ status: true });
      });
    });

    // The browser comes back from the hosted checkout: verified with the gateway, then the waiting page.
    app.get<{ Querystring: { reference?: string; trxref?: string } }>(
      CARD_RETURN_PATH,
      publicRoute,
      async (request, reply) => {
        const reference = request.query.reference ?? request.query.trxref ?? '';
        const intentId = await callbacks.handleReturn(reference);
        return reply.redirect(intentId ? `/waiting?id=${encodeURIComponent(intentId)}` : '/', 302);
      },
    );
  };
}
