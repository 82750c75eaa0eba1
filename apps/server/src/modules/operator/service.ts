import { type OpsAction, type OpsArea, opsActions, opsActionTag, opsTag } from '@playon/shared/ops';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { errorResponses } from '../../platform/envelope.ts';
import type { IdentityService, RequirePlayer, SignIn } from '../auth/service.ts';
import { createOperatorAccess, currentOperator } from './access.ts';
import { createAuditLog } from './audit.ts';
import type { RecordAudit } from './audit-entry.ts';
import { createOperators } from './operators.ts';

// The module's only entry point for other modules: their /api/ops routes use the door and the log.
export { currentOperator, type OperatorAccess, type OperatorContext } from './access.ts';
export { assertAnotherAdmin, lockAdmins } from './admins.ts';
export { type Actor, type AuditLog, escapeLike } from './audit.ts';
export type { AuditInput, RecordAudit } from './audit-entry.ts';
export { DEMO_ADMIN_EMAIL, seedDemoAdmin } from './demo-admin.ts';

/**
 * The operator side of PlayOn (ADR 0024): the door every /api/ops route goes through
 * (roles on the identity, shorter operator sessions), the append-only audit log every operator
 * action writes in its own transaction, and the operators themselves. Each module serves its own
 * part of the console under /api/ops with these.
 */
export function createOpsService({
  db,
  requirePlayer,
  identity,
  operatorSessionMs,
}: {
  db: Db;
  requirePlayer: RequirePlayer;
  /** Identities, for an invitation: an account made for an e-mail that has none, and its mail. */
  identity: IdentityService;
  operatorSessionMs: number;
}) {
  const audit = createAuditLog(db);
  return {
    access: createOperatorAccess({ db, audit, requirePlayer, sessionMs: operatorSessionMs }),
    audit,
    operators: createOperators({ db, audit, identity }),
  };
}

export type OpsService = ReturnType<typeof createOpsService>;

/** The actor of an audit entry, from the operator a request is from. */
export const actorOf = (operator: { uid: string; email: string; role: string }) => ({
  uid: operator.uid,
  email: operator.email,
  role: operator.role,
});

/**
 * The refusals every console route may answer with (bad request, no session, not this area), each
 * in the error envelope; `more` adds the route's own (404, 409), so the OpenAPI document lists them.
 */
export const opsRefusals = <const C extends number = never>(...more: C[]) =>
  errorResponses<400 | 401 | 403 | C>(400, 401, 403, ...more);

/**
 * What every route of one console area wires the same way: the door (`config: { signIn }`, checked
 * at onRequest by the one sign-in hook, ADR 0073), the OpenAPI tag, the operator a request is from
 * as an audit actor, and the audit recorder a console's change calls in its own transaction, so the
 * entry names that operator.
 */
export function opsArea(ops: Pick<OpsService, 'access' | 'audit'>, area: OpsArea) {
  const actor = (request: FastifyRequest) => actorOf(currentOperator(request));
  return {
    signIn: { operator: ops.access.requireArea(area) } satisfies SignIn,
    /** The door of one action of this area whose roles are narrower (`opsActions`). */
    signInOf: (action: OpsAction): SignIn => {
      if (opsActions[action].area !== area) throw new Error(`${action} is not of the ${area} area`);
      return { operator: ops.access.requireAction(action) };
    },
    /** That action's OpenAPI tags: its area's and its own. */
    tagsOf: (action: OpsAction) => [opsTag(area), opsActionTag(action)],
    tags: [opsTag(area)],
    actor,
    audit(request: FastifyRequest): RecordAudit {
      return (tx, entry) => ops.audit.record(tx, actor(request), entry);
    },
  };
}

/** A console row's serial id in the path (a positive int4). */
export const OpsIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
