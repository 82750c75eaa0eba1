import { PageQuerySchema } from '@playon/shared/ops';
import { AudienceBroadcastRequestSchema } from '@playon/shared/ops-audiences';
import {
  BroadcastAudienceSchema,
  BroadcastCountSchema,
  BroadcastPageSchema,
  BroadcastRequestSchema,
  BroadcastSchema,
  BroadcastTargetsSchema,
  broadcastMessages,
} from '@playon/shared/ops-community';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, errorResponses, sendEnvelope } from '../../../platform/envelope.ts';
import type { Idempotency } from '../../../platform/idempotency/index.ts';
import {
  answerOnce,
  IdempotencyHeaderSchema,
  moneyPostErrors,
} from '../../../platform/idempotency/respond.ts';
import { OpsIdParams, type OpsService, opsArea, opsRefusals } from '../../operator/service.ts';
import type { Broadcasts } from './actions.ts';

const refusals = opsRefusals(404);

/** /api/ops/community/broadcasts: a notification to many players, counted and previewed first. */
export function opsBroadcastRoutes(broadcasts: Broadcasts, ops: OpsService, idempotency: Idempotency) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { signIn, signInOf, tags, tagsOf, actor } = opsArea(ops, 'community');

    app.get(
      '/api/ops/community/broadcasts',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'The broadcasts sent, newest first, searchable',
          querystring: PageQuerySchema,
          response: { 200: envelopeSchema(BroadcastPageSchema), ...refusals },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Broadcasts.', await broadcasts.page(request.query)),
    );

    app.get(
      '/api/ops/community/broadcasts/targets',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'The tournaments and games a broadcast may go to',
          response: { 200: envelopeSchema(BroadcastTargetsSchema), ...refusals },
        },
      },
      async (_request, reply) => sendEnvelope(reply, 200, 'Targets.', await broadcasts.targets()),
    );

    app.get(
      '/api/ops/community/broadcasts/count',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'How many players a broadcast to this audience would reach now',
          querystring: BroadcastAudienceSchema,
          response: { 200: envelopeSchema(BroadcastCountSchema), ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'Recipients.', await broadcasts.count(request.query)),
    );

    app.post(
      '/api/ops/community/broadcasts',
      {
        config: { signIn },
        schema: {
          tags,
          summary:
            'Send a notification (in the app and by push) to an audience; needs an Idempotency-Key header, so a double click sends once; audited',
          headers: IdempotencyHeaderSchema,
          body: BroadcastRequestSchema,
          response: { 200: envelopeSchema(BroadcastSchema), ...moneyPostErrors, ...errorResponses(403) },
        },
      },
      (request, reply) => {
        const operator = actor(request);
        return answerOnce(idempotency, request, reply, {
          playerUid: operator.uid,
          scope: 'ops.broadcast',
          message: broadcastMessages.sending(request.body.expectedRecipients),
          work: (record) => broadcasts.send(operator, request.body, record),
        });
      },
    );

    app.post(
      '/api/ops/community/audiences/:id/broadcast',
      {
        config: { signIn: signInOf('audience.broadcast') },
        schema: {
          tags: tagsOf('audience.broadcast'),
          summary:
            "Send a notification to a saved audience's players now (ADR 0068); needs an Idempotency-Key header, so a double click or a retry sends once; audited with the audience and the count",
          headers: IdempotencyHeaderSchema,
          params: OpsIdParams,
          body: AudienceBroadcastRequestSchema,
          response: { 200: envelopeSchema(BroadcastSchema), ...moneyPostErrors, ...errorResponses(403) },
        },
      },
      (request, reply) => {
        const operator = actor(request);
        return answerOnce(idempotency, request, reply, {
          playerUid: operator.uid,
          scope: `ops.audience-broadcast:${request.params.id}`,
          message: broadcastMessages.sending(request.body.expectedRecipients),
          work: (record) =>
            broadcasts.send(
              operator,
              { ...request.body, audience: 'saved', audienceId: request.params.id },
              record,
            ),
        });
      },
    );
  };
}
