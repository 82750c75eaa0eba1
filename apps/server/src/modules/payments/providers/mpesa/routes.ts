import type { FastifyInstance } from 'fastify';
import { MalformedCallbackError } from '../../../../platform/errors.ts';
import { callbackKinds } from './callback-urls.ts';
import type { MpesaCallbacks } from './callbacks.ts';

/**
 * Daraja's callbacks: unsigned, so the path carries a secret (ADR 0009), the current one or, during a
 * rotation, the previous one (ADR 0054). Answered "Accepted" once applied or queued; a malformed body
 * is rejected and changes nothing.
 */
export function mpesaCallbackRoutes(
  callbacks: Pick<MpesaCallbacks, 'handleCallback'>,
  isAcceptedSecret: (secret: string) => boolean,
) {
  return async (app: FastifyInstance) => {
    for (const kind of callbackKinds) {
      app.post<{ Params: { secret: string } }>(
        `/api/payments/callbacks/mpesa/:secret/${kind}`,
        { config: { signIn: 'public' }, schema: { hide: true } },
        async (request, reply) => {
          if (!isAcceptedSecret(request.params.secret)) {
            return reply.code(404).send({ ResultCode: 1, ResultDesc: 'Not found' });
          }
          try {
            await callbacks.handleCallback(kind, request.body);
          } catch (err) {
            if (!(err instanceof MalformedCallbackError)) throw err;
            request.log.warn({ err, kind }, 'malformed M-Pesa callback');
            return reply.code(400).send({ ResultCode: 1, ResultDesc: 'Rejected' });
          }
          return reply.code(200).send({ ResultCode: 0, ResultDesc: 'Accepted' });
        },
      );
    }
  };
}
