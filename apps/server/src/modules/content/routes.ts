import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { EventBannerSchema } from '@playon/shared/events';
import { languageOf } from '@playon/shared/i18n/language';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, errorResponses, sendEnvelope } from '../../platform/envelope.ts';
import { CONTENT_PREFIX, type ContentService } from './service.ts';
import { supportRoutes } from './support-routes.ts';

export function contentRoutes(content: ContentService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    await app.register(fastifyStatic, {
      root: join(import.meta.dirname, 'banners'),
      prefix: `${CONTENT_PREFIX}/banners/`,
      decorateReply: false,
      index: false,
      setHeaders: (reply) => void reply.header('cache-control', 'public, max-age=86400'),
    });

    app.get(
      '/api/events',
      {
        config: { signIn: 'player' },
        schema: {
          tags: ['content'],
          summary: "The dashboard's event banners, newest first",
          response: { 200: envelopeSchema(z.array(EventBannerSchema)), ...errorResponses(401) },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'OK',
          await content.listEvents(languageOf(request.headers['accept-language'])),
        ),
    );
    await app.register(supportRoutes(content));
  };
}
