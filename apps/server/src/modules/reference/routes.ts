import { CountrySchema, CurrencySchema } from '@playon/shared/reference';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, sendEnvelope } from '../../platform/envelope.ts';
import type { ReferenceService } from './service.ts';

// Reference data changes with a release, not during a day.
const CACHE_A_DAY = 'private, max-age=86400';

export function referenceRoutes(reference: ReferenceService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/countries/list',
      {
        config: { signIn: 'player' },
        schema: { tags: ['reference'], response: { 200: envelopeSchema(z.array(CountrySchema)) } },
      },
      async (_request, reply) => {
        reply.header('cache-control', CACHE_A_DAY);
        return sendEnvelope(reply, 200, 'OK', await reference.listCountries());
      },
    );
    app.get(
      '/api/currencies/list',
      {
        config: { signIn: 'player' },
        schema: { tags: ['reference'], response: { 200: envelopeSchema(z.array(CurrencySchema)) } },
      },
      async (_request, reply) => {
        reply.header('cache-control', CACHE_A_DAY);
        return sendEnvelope(reply, 200, 'OK', await reference.listCurrencies());
      },
    );
  };
}
