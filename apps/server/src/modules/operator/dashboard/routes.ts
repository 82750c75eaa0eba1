import { DashboardSchema } from '@playon/shared/ops-dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, errorResponses, sendEnvelope } from '../../../platform/envelope.ts';
import { type OpsService, opsArea } from '../service.ts';
import type { DashboardService } from './service.ts';

/** GET /api/ops/dashboard: the figures every operator opens the console on. */
export function opsDashboardRoutes(dashboard: DashboardService, ops: OpsService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { signIn, tags } = opsArea(ops, 'dashboard');
    app.get(
      '/api/ops/dashboard',
      {
        config: { signIn },
        schema: {
          tags,
          summary:
            'Sign-ups today and in 7 days, money in and out today by method, open and stuck payments, unanswered feedback, tournaments running',
          response: { 200: envelopeSchema(DashboardSchema), ...errorResponses(401, 403) },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return sendEnvelope(reply, 200, 'Dashboard.', await dashboard.read());
      },
    );
  };
}
