import { opsTag } from '@playon/shared/ops';
import { OpsPackageSchema, PackageFormSchema } from '@playon/shared/ops-content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema, envelopeSchema, sendEnvelope } from '../../../platform/envelope.ts';
import { actorOf, currentOperator, type OpsService } from '../../operator/service.ts';
import type { SubscriptionService } from '../service.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const refusals = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema };

/** /api/ops/content/packages: the daily packages' description, price and 'popular'. */
export function subscriptionOpsRoutes(subscriptions: SubscriptionService, ops: OpsService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const door = { onRequest: ops.access.requireArea('content') };
    const tags = [opsTag('content')];

    app.get(
      '/api/ops/content/packages',
      {
        ...door,
        schema: {
          tags,
          summary: 'The subscription packages, cheapest first',
          response: { 200: envelopeSchema(z.array(OpsPackageSchema)), ...refusals },
        },
      },
      async (_request, reply) => sendEnvelope(reply, 200, 'Packages.', await subscriptions.console.list()),
    );

    app.post(
      '/api/ops/content/packages/:id',
      {
        ...door,
        schema: {
          tags,
          summary:
            "A package's description, price per day and 'popular', with the reason; a new price applies to new purchases only",
          params: IdParams,
          body: PackageFormSchema,
          response: { 200: envelopeSchema(OpsPackageSchema), 404: ErrorEnvelopeSchema, ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Package saved.',
          await subscriptions.console.update(request.params.id, request.body, (tx, entry) =>
            ops.audit.record(tx, actorOf(currentOperator(request)), entry),
          ),
        ),
    );
  };
}
