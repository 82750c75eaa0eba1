import {
  AuditPageSchema,
  AuditQuerySchema,
  OperatorListItemSchema,
  OperatorSchema,
  opsTag,
  RoleSavedSchema,
  SetRoleRequestSchema,
} from '@playon/shared/ops';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema, envelopeSchema, sendEnvelope } from '../../platform/envelope.ts';
import { currentOperator } from './access.ts';
import { actorOf, type OpsService } from './service.ts';

const refusals = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema };

/** /api/ops: who the operator is, the audit log, and (admins) who the operators are. */
export function opsRoutes(ops: OpsService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { requireArea } = ops.access;

    app.get(
      '/api/ops/me',
      {
        onRequest: requireArea('dashboard'),
        schema: {
          tags: [opsTag('dashboard')],
          summary: 'The operator signed in, with their role (403 for a player)',
          response: { 200: envelopeSchema(OperatorSchema), ...refusals },
        },
      },
      async (request, reply) => {
        const operator = currentOperator(request);
        return sendEnvelope(reply, 200, 'Operator.', {
          uid: operator.uid,
          email: operator.email,
          name: operator.name,
          role: operator.role,
          sessionEndsAt: operator.sessionEndsAt.toISOString(),
        });
      },
    );

    app.get(
      '/api/ops/audit',
      {
        onRequest: requireArea('audit'),
        schema: {
          tags: [opsTag('audit')],
          summary: 'The audit log, newest first, paged and searchable',
          querystring: AuditQuerySchema,
          response: { 200: envelopeSchema(AuditPageSchema), ...refusals },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Audit log.', await ops.audit.page(request.query)),
    );

    app.get(
      '/api/ops/operators',
      {
        onRequest: requireArea('operators'),
        schema: {
          tags: [opsTag('operators')],
          summary: 'The operators and their roles (admins only)',
          response: { 200: envelopeSchema(z.array(OperatorListItemSchema)), ...refusals },
        },
      },
      async (_request, reply) => sendEnvelope(reply, 200, 'Operators.', await ops.operators.list()),
    );

    app.post(
      '/api/ops/operators/role',
      {
        onRequest: requireArea('operators'),
        schema: {
          tags: [opsTag('operators')],
          summary: 'Give an identity an operator role, or take it back (role player), with the reason',
          body: SetRoleRequestSchema,
          response: {
            200: envelopeSchema(RoleSavedSchema),
            404: ErrorEnvelopeSchema,
            409: ErrorEnvelopeSchema,
            ...refusals,
          },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Role saved.',
          await ops.operators.setRole(actorOf(currentOperator(request)), request.body),
        ),
    );
  };
}
