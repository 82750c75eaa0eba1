import type { Db } from '../../platform/db.ts';
import type { RequirePlayer } from '../auth/service.ts';
import { createOperatorAccess } from './access.ts';
import { createAuditLog } from './audit.ts';
import { createOperators } from './operators.ts';

// The module's only entry point for other modules: their /api/ops routes use the door and the log.
export { currentOperator, type OperatorAccess, type OperatorContext } from './access.ts';
export { type Actor, type AuditInput, type AuditLog, escapeLike } from './audit.ts';
export { DEMO_ADMIN_EMAIL, seedDemoAdmin } from './demo-admin.ts';

/**
 * The operator side of PlayOn (issue 13, ADR 0024): the door every /api/ops route goes through
 * (roles on the identity, shorter operator sessions), the append-only audit log every operator
 * action writes in its own transaction, and the operators themselves. Each module serves its own
 * part of the console under /api/ops with these.
 */
export function createOpsService({
  db,
  requirePlayer,
  operatorSessionMs,
}: {
  db: Db;
  requirePlayer: RequirePlayer;
  operatorSessionMs: number;
}) {
  const audit = createAuditLog(db);
  return {
    access: createOperatorAccess({ db, requirePlayer, sessionMs: operatorSessionMs }),
    audit,
    operators: createOperators({ db, audit }),
  };
}

export type OpsService = ReturnType<typeof createOpsService>;

/** The actor of an audit entry, from the operator a request is from. */
export const actorOf = (operator: { uid: string; email: string; role: string }) => ({
  uid: operator.uid,
  email: operator.email,
  role: operator.role,
});
