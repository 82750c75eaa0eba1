import { OpsPackageSchema, PackageFormSchema } from '@playon/shared/ops-content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, sendEnvelope } from '../../../platform/envelope.ts';
import { OpsIdParams, type OpsService, opsArea, opsRefusals } from '../../operator/service.ts';
import type { SubscriptionService } from '../service.ts';

const refusals = opsRefusals();

/** /api/ops/content/packages: the daily packages' description, price and 'popular'. */
export function subscriptionOpsRoutes(subscriptions: SubscriptionService, ops: OpsService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { signIn, tags, audit } = opsArea(ops, 'content');

    app.get(
      '/api/ops/content/packages',
      {
        config: { signIn },
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
        config: { signIn },
        schema: {
          tags,
          summary:
            "A package's description, price per day and 'popular', with the reason; a new price applies to new purchases only",
          params: OpsIdParams,
          body: PackageFormSchema,
          response: { 200: envelopeSchema(OpsPackageSchema), ...opsRefusals(404) },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Package saved.',
          await subscriptions.console.update(request.params.id, request.body, audit(request)),
        ),
    );
  };
}
