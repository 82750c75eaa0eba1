import {
  AnswerFeedbackRequestSchema,
  FeedbackDetailSchema,
  FeedbackPageSchema,
  FeedbackQuerySchema,
  feedbackOpsMessages,
} from '@playon/shared/ops-community';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, sendEnvelope } from '../../../platform/envelope.ts';
import { type OpsService, opsArea, opsRefusals } from '../../operator/service.ts';
import type { FeedbackInbox } from './feedback-actions.ts';

const refusals = opsRefusals(404);
const FeedbackParams = z.object({ id: z.uuid({ error: feedbackOpsMessages.notFound }) });

/** /api/ops/community/feedback: the feedback inbox (support and admin). */
export function opsFeedbackRoutes(inbox: FeedbackInbox, ops: OpsService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { signIn, tags, actor } = opsArea(ops, 'community');

    app.get(
      '/api/ops/community/feedback',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'The feedback inbox, newest first, by status (new, answered, closed), searchable',
          querystring: FeedbackQuerySchema,
          response: { 200: envelopeSchema(FeedbackPageSchema), ...refusals },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Feedback.', await inbox.page(request.query)),
    );

    app.get(
      '/api/ops/community/feedback/:id',
      {
        config: { signIn },
        schema: {
          tags,
          summary: "A feedback message, its answers and the player's context",
          params: FeedbackParams,
          response: { 200: envelopeSchema(FeedbackDetailSchema), ...refusals },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Feedback.', await inbox.detail(request.params.id)),
    );

    app.post(
      '/api/ops/community/feedback/:id/answer',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'Answer a feedback message by e-mail (to the address the player wrote from); audited',
          params: FeedbackParams,
          body: AnswerFeedbackRequestSchema,
          response: { 200: envelopeSchema(FeedbackDetailSchema), ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          feedbackOpsMessages.answered,
          await inbox.answer(actor(request), request.params.id, request.body),
        ),
    );

    for (const action of ['close', 'reopen'] as const) {
      app.post(
        `/api/ops/community/feedback/:id/${action}`,
        {
          config: { signIn },
          schema: {
            tags,
            summary:
              action === 'close'
                ? 'Close a feedback message (nothing more to do); audited'
                : 'Reopen a closed feedback message; audited',
            params: FeedbackParams,
            response: { 200: envelopeSchema(FeedbackDetailSchema), ...opsRefusals(404, 409) },
          },
        },
        async (request, reply) =>
          sendEnvelope(
            reply,
            200,
            action === 'close' ? feedbackOpsMessages.closed : feedbackOpsMessages.reopened,
            await inbox[action](actor(request), request.params.id),
          ),
      );
    }
  };
}
