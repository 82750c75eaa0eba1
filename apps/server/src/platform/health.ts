import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from './db.ts';
import { envelopeSchema, sendEnvelope } from './envelope.ts';

const HealthEnvelope = envelopeSchema(z.object({ database: z.enum(['up', 'down']) }));

export function healthRoutes(database: Pick<Database, 'ping'>) {
  return async (fastify: FastifyInstance) => {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/api/health',
      {
        schema: {
          tags: ['operations'],
          summary: 'Is the database answering?',
          security: [],
          response: { 200: HealthEnvelope, 503: HealthEnvelope },
        },
      },
      async (request, reply) => {
        try {
          await database.ping();
          return sendEnvelope(reply, 200, 'OK', { database: 'up' as const });
        } catch (error) {
          request.log.error({ err: error }, 'health check: database down');
          return sendEnvelope(reply, 503, 'The database is not answering.', { database: 'down' as const });
        }
      },
    );
  };
}
