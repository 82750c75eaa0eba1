import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxMode } from './config.ts';
import type { Database } from './db.ts';
import { envelopeSchema, sendEnvelope } from './envelope.ts';

const HealthEnvelope = envelopeSchema(
  z.object({
    database: z.enum(['up', 'down']),
    sandbox: z.enum(['on', 'off']),
    /** Present when the sandbox runs in production (ADR 0016). */
    warning: z.string().optional(),
  }),
);

export function healthRoutes(database: Pick<Database, 'ping'>, sandbox: SandboxMode) {
  const mode = {
    sandbox: sandbox.on ? ('on' as const) : ('off' as const),
    ...(sandbox.warning ? { warning: sandbox.warning } : {}),
  };
  return async (fastify: FastifyInstance) => {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/api/health',
      {
        config: { signIn: 'public' },
        schema: {
          tags: ['operations'],
          summary: 'Is the database answering? Is this a sandbox?',
          security: [],
          response: { 200: HealthEnvelope, 503: HealthEnvelope },
        },
      },
      async (request, reply) => {
        try {
          await database.ping();
          return sendEnvelope(reply, 200, 'OK', { database: 'up' as const, ...mode });
        } catch (error) {
          request.log.error({ err: error }, 'health check: database down');
          return sendEnvelope(reply, 503, 'The database is not answering.', {
            database: 'down' as const,
            ...mode,
          });
        }
      },
    );
  };
}
