import type { FastifyInstance } from 'fastify';
import { AIRTIME_SIGNATURE_HEADER } from '../../../../platform/airtime/callbacks.ts';
import { keepRawBodies, rawBodyOf } from '../../../../platform/body-parsers.ts';
import type { AirtimeCallbacks } from './callbacks.ts';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The carrier's signed charge result, on the raw bytes, at a URL carrying the callback secret (ADR
 * 0009), the current one or, during a rotation, the previous one (ADR 0054).
 */
export function airtimeRoutes(callbacks: AirtimeCallbacks, isAcceptedSecret: (secret: string) => boolean) {
  return async (app: FastifyInstance) => {
    keepRawBodies(app);
    app.post<{ Params: { secret: string } }>(
      '/api/payments/callbacks/airtime/:secret',
      { config: { signIn: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        if (!isAcceptedSecret(request.params.secret))
          return reply.code(404).send({ ResultCode: 1, ResultDesc: 'Not found' });
        const outcome = await callbacks.handleResult(
          rawBodyOf(request),
          header(request.headers[AIRTIME_SIGNATURE_HEADER]),
        );
        if (outcome === 'unauthorized')
          return reply.code(401).send({ ResultCode: 1, ResultDesc: 'Invalid signature' });
        if (outcome === 'malformed') return reply.code(400).send({ ResultCode: 1, ResultDesc: 'Rejected' });
        return reply.code(200).send({ ResultCode: 0, ResultDesc: 'Accepted' });
      },
    );
  };
}
