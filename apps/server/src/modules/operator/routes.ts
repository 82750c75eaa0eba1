import {
  AuditFiltersSchema,
  AuditPageSchema,
  AuditQuerySchema,
  OperatorListItemSchema,
  OperatorLookupQuerySchema,
  OperatorLookupSchema,
  OperatorSchema,
  RoleSavedSchema,
  SetRoleRequestSchema,
} from '@playon/shared/ops';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, sendEnvelope } from '../../platform/envelope.ts';
import { currentOperator } from './access.ts';
import { AUDIT_CSV_ROWS } from './audit.ts';
import { type OpsService, opsArea, opsRefusals } from './service.ts';

const refusals = opsRefusals();

/** /api/ops: who the operator is, the audit log, and (admins) who the operators are. */
export function opsRoutes(ops: OpsService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const dashboard = opsArea(ops, 'dashboard');
    const audit = opsArea(ops, 'audit');
    const operators = opsArea(ops, 'operators');

    app.get(
      '/api/ops/me',
      {
        config: { signIn: dashboard.signIn },
        schema: {
          tags: dashboard.tags,
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
        config: { signIn: audit.signIn },
        schema: {
          tags: audit.tags,
          summary: 'The audit log, newest first, paged and searchable',
          querystring: AuditQuerySchema,
          response: { 200: envelopeSchema(AuditPageSchema), ...refusals },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Audit log.', await ops.audit.page(request.query)),
    );

    app.get(
      '/api/ops/audit/actions',
      {
        config: { signIn: audit.signIn },
        schema: {
          tags: audit.tags,
          summary: "The actions the audit log holds, for the screen's filter",
          response: { 200: envelopeSchema(z.array(z.string())), ...refusals },
        },
      },
      async (_request, reply) => sendEnvelope(reply, 200, 'Actions.', await ops.audit.actions()),
    );

    app.get(
      '/api/ops/audit/csv',
      {
        config: { signIn: audit.signIn },
        schema: {
          tags: audit.tags,
          summary: `The entries the filters find, newest first, as CSV (at most ${AUDIT_CSV_ROWS})`,
          querystring: AuditFiltersSchema,
          response: { 200: z.string(), ...refusals },
        },
      },
      async (request, reply) => {
        const { csv, truncated } = await ops.audit.csv(request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="playon-audit.csv"')
          .header('cache-control', 'no-store')
          .header('x-truncated', truncated ? 'true' : 'false')
          .send(csv);
      },
    );

    app.get(
      '/api/ops/operators',
      {
        config: { signIn: operators.signIn },
        schema: {
          tags: operators.tags,
          summary: 'The operators and their roles (admins only)',
          response: { 200: envelopeSchema(z.array(OperatorListItemSchema)), ...refusals },
        },
      },
      async (_request, reply) => sendEnvelope(reply, 200, 'Operators.', await ops.operators.list()),
    );

    app.get(
      '/api/ops/operators/lookup',
      {
        config: { signIn: operators.signInOf('operator.role') },
        schema: {
          tags: operators.tagsOf('operator.role'),
          summary: 'Who an e-mail is (name and role), or nobody, before a role is given to it (admins only)',
          querystring: OperatorLookupQuerySchema,
          response: { 200: envelopeSchema(OperatorLookupSchema), ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'E-mail looked up.', await ops.operators.lookup(request.query.email)),
    );

    app.post(
      '/api/ops/operators/role',
      {
        config: { signIn: operators.signInOf('operator.role') },
        schema: {
          tags: operators.tagsOf('operator.role'),
          summary:
            'Give an identity an operator role, or take it back (role player), with the reason; invite: an e-mail with no account gets one and a mail to choose its password',
          body: SetRoleRequestSchema,
          response: { 200: envelopeSchema(RoleSavedSchema), ...opsRefusals(404, 409) },
        },
      },
      async (request, reply) => {
        const actor = operators.actor(request);
        const { invite, ...input } = request.body;
        if (invite && input.role !== 'player') {
          const saved = await ops.operators.add(actor, input);
          const message = saved.invited
            ? `Invitation sent: ${input.email} is mailed a link to choose a password.`
            : 'Role saved.';
          return sendEnvelope(reply, 200, message, saved);
        }
        return sendEnvelope(reply, 200, 'Role saved.', {
          ...(await ops.operators.setRole(actor, input)),
          invited: false,
        });
      },
    );
  };
}
