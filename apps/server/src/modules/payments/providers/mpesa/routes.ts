import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MalformedCallbackError } from '../../../../platform/errors.ts';
import { type CallbackKind, callbackKinds, callbackRoutes, formerCallbackRoute } from './callback-urls.ts';
import type { MpesaCallbacks } from './callbacks.ts';

/**
 * Daraja's callbacks: unsigned, so the path carries a secret (ADR 0009), the current one or, during a
 * rotation, the previous one (ADR 0054), and when MPESA_CALLBACK_ALLOWED_ADDRESSES lists any, only
 * those addresses may call (ADR 0075). Each is answered at its route and, for requests sent before
 * ADR 0075, at its former one. Answered "Accepted" once applied or queued; a malformed body is
 * rejected and changes nothing.
 */
export function mpesaCallbackRoutes(
  callbacks: Pick<MpesaCallbacks, 'handleCallback'>,
  checks: {
    isAcceptedSecret: (secret: string) => boolean;
    isAllowedSource: (address: string) => boolean;
  },
) {
  return async (app: FastifyInstance) => {
    const fromAllowedSource = async (request: FastifyRequest, reply: FastifyReply) => {
      if (checks.isAllowedSource(request.ip)) return;
      request.log.warn({ address: request.ip }, 'M-Pesa callback from an address not allowed: refused');
      return reply.code(403).send({ ResultCode: 1, ResultDesc: 'Forbidden' });
    };

    const handler =
      (kind: CallbackKind) =>
      async (request: FastifyRequest<{ Params: { secret: string } }>, reply: FastifyReply) => {
        if (!checks.isAcceptedSecret(request.params.secret)) {
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
      };

    for (const kind of callbackKinds) {
      for (const route of [callbackRoutes[kind], formerCallbackRoute(kind)]) {
        app.post<{ Params: { secret: string } }>(
          route,
          { config: { signIn: 'public' }, schema: { hide: true }, onRequest: fromAllowedSource },
          handler(kind),
        );
      }
    }
  };
}
