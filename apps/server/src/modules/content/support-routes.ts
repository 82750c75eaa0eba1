import {
  FeedbackRequestSchema,
  feedbackMessages,
  SupportSettingSchema,
  TvItemSchema,
} from '@playon/shared/support';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, errorResponses, sendEnvelope } from '../../platform/envelope.ts';
import { languageOfRequest } from '../../platform/i18n.ts';
import { currentPlayer } from '../auth/service.ts';
import type { ContentService } from './service.ts';

async function readNoBodyAsEmptyForm(request: FastifyRequest) {
  request.body ??= {};
}

/**
 * Per player once the token is checked (onRequest), before the form is: a flood of empty forms is
 * not a player either. Not per address: many players share a carrier NAT address (ADR 0046). The
 * daily cap per player is in the service.
 */
export const feedbackRateLimit = {
  rateLimit: {
    max: 20,
    timeWindow: '1 minute',
    hook: 'preValidation',
    keyGenerator: (request: FastifyRequest) => `feedback:${currentPlayer(request).uid}`,
  },
} as const;

/** The TV page's videos, the feedback footer's contact details, and 'Drop us a line'. */
export function supportRoutes(content: ContentService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['content'];

    app.get(
      '/api/playon-tv/list',
      {
        config: { signIn: 'player' },
        schema: {
          tags,
          summary: 'The TV page: the primary video first, then the newest',
          response: { 200: envelopeSchema(z.array(TvItemSchema)), ...errorResponses(401) },
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'OK', await content.listTvItems(languageOfRequest(request))),
    );

    app.get(
      '/api/contact-us/list',
      {
        config: { signIn: 'player' },
        schema: {
          tags,
          summary: "The support contacts the feedback page's footer shows (only those that are set)",
          response: { 200: envelopeSchema(z.array(SupportSettingSchema)), ...errorResponses(401) },
        },
      },
      async (_request, reply) => sendEnvelope(reply, 200, 'OK', await content.listSupportSettings()),
    );

    app.post(
      '/api/contact-us/feedback',
      {
        config: { ...feedbackRateLimit, signIn: 'player' },
        // The token is checked first (onRequest); a request without a body then reads as an empty form.
        preValidation: readNoBodyAsEmptyForm,
        schema: {
          tags,
          summary: "'Drop us a line': feedback for the operator, checked in the form's order",
          body: FeedbackRequestSchema,
          response: {
            200: envelopeSchema(z.null()),
            ...errorResponses(400, 401, 429),
          },
        },
      },
      async (request, reply) => {
        await content.sendFeedback(currentPlayer(request).uid, request.body);
        return sendEnvelope(reply, 200, feedbackMessages.thanks, null);
      },
    );
  };
}
