import { createHash } from 'node:crypto';
import {
  mayDo,
  mayUse,
  type OperatorRole,
  type OpsAction,
  type OpsArea,
  operatorRoles,
  opsActions,
  opsMessages,
  REFUSED_ACTION,
} from '@playon/shared/ops';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  authSession,
  authUser,
  currentPlayer,
  currentSessionId,
  type RequirePlayer,
} from '../auth/service.ts';
import type { AuditLog } from './audit.ts';
import { SIGN_IN_ACTION } from './operators.ts';
import { opsAuditLog } from './schema.ts';

/** The operator a request is from, once `requireArea` let it through. */
export interface OperatorContext {
  uid: string;
  email: string;
  name: string;
  role: OperatorRole;
  sessionEndsAt: Date;
}

const operators = new WeakMap<FastifyRequest, OperatorContext>();

const actorOfContext = (operator: OperatorContext) => ({
  uid: operator.uid,
  email: operator.email,
  role: operator.role,
});

const isOperatorRole = (role: string): role is OperatorRole =>
  (operatorRoles as readonly string[]).includes(role);

/**
 * The console's door (ADR 0024): a valid access token, an identity whose role may use the area
 * (read from the database on every request, so a role taken back or an account disabled counts at
 * once), and an operator session younger than OPERATOR_SESSION_HOURS. A player gets 403.
 */
export function createOperatorAccess({
  db,
  audit,
  requirePlayer,
  sessionMs,
}: {
  db: Db;
  audit: AuditLog;
  requirePlayer: RequirePlayer;
  sessionMs: number;
}) {
  // Sessions whose sign-in this process has written (or is writing): one entry per operator session.
  const signIns = new Map<string, Promise<void>>();

  /**
   * The audit log's record of an operator's sign-in: written at the session's first console request,
   * named by a digest of the session's id (an id, not the token; still not shown whole). Another
   * instance may write the same sign-in once more at the same moment; never one per request.
   */
  function noteSignIn(operator: OperatorContext, sessionId: string, signedInAt: Date): Promise<void> {
    const known = signIns.get(sessionId);
    if (known) return known;
    if (signIns.size >= 10_000) signIns.clear();
    const session = createHash('sha256').update(sessionId).digest('hex').slice(0, 16);
    const writing = db
      .transaction(async (tx) => {
        const [already] = await tx
          .select({ id: opsAuditLog.id })
          .from(opsAuditLog)
          .where(
            and(
              eq(opsAuditLog.action, SIGN_IN_ACTION),
              eq(opsAuditLog.targetType, 'session'),
              eq(opsAuditLog.targetId, session),
            ),
          )
          .limit(1);
        if (already) return;
        await audit.record(tx, actorOfContext(operator), {
          action: SIGN_IN_ACTION,
          targetType: 'session',
          targetId: session,
          after: {
            signedInAt: signedInAt.toISOString(),
            sessionEndsAt: operator.sessionEndsAt.toISOString(),
          },
        });
      })
      .catch((error: unknown) => {
        signIns.delete(sessionId);
        throw error;
      });
    signIns.set(sessionId, writing);
    return writing;
  }

  async function load(request: FastifyRequest): Promise<OperatorContext> {
    await requirePlayer(request);
    const { uid } = currentPlayer(request);
    const [row] = await db
      .select({
        email: authUser.email,
        name: authUser.name,
        role: authUser.role,
        banned: authUser.banned,
        sessionUser: authSession.userId,
        signedInAt: authSession.createdAt,
      })
      .from(authUser)
      .leftJoin(authSession, eq(authSession.id, currentSessionId(request)))
      .where(eq(authUser.id, uid));
    if (!row || row.banned || row.sessionUser !== uid || !row.signedInAt)
      throw new AppError('UNAUTHENTICATED', opsMessages.sessionEnded);
    if (!isOperatorRole(row.role)) throw new AppError('FORBIDDEN', opsMessages.forbidden);
    const sessionEndsAt = new Date(row.signedInAt.getTime() + sessionMs);
    if (sessionEndsAt.getTime() <= Date.now())
      throw new AppError('UNAUTHENTICATED', opsMessages.sessionEnded);
    const operator = { uid, email: row.email, name: row.name, role: row.role, sessionEndsAt };
    await noteSignIn(operator, currentSessionId(request), row.signedInAt);
    return operator;
  }

  /**
   * An operator refused an area or an action of their role's console: in the audit log (who, which
   * route, what was refused) before the 403, so an investigation sees the attempts beside the deeds.
   * A player refused the console is not an operator and is not recorded (nothing to investigate, and
   * no way for anyone to fill the log).
   */
  async function refuse(
    request: FastifyRequest,
    operator: OperatorContext,
    refused: { area: OpsArea; action?: OpsAction },
    message: string,
  ): Promise<never> {
    await audit.record(db, actorOfContext(operator), {
      action: REFUSED_ACTION,
      targetType: 'route',
      targetId: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
      after: refused,
    });
    throw new AppError('FORBIDDEN', message);
  }

  return {
    /** onRequest for every /api/ops route: the operator's role must be allowed in `area`. */
    requireArea(area: OpsArea) {
      return async (request: FastifyRequest) => {
        const operator = await load(request);
        if (!mayUse(operator.role, area)) await refuse(request, operator, { area }, opsMessages.forbidden);
        operators.set(request, operator);
      };
    },
    /**
     * onRequest for a console action (`opsActions`): its area's door, then the action's own roles, so
     * support may open a player's card and still not pay the balance out.
     */
    requireAction(action: OpsAction) {
      const { area } = opsActions[action];
      return async (request: FastifyRequest) => {
        const operator = await load(request);
        if (!mayUse(operator.role, area))
          await refuse(request, operator, { area, action }, opsMessages.forbidden);
        if (!mayDo(operator.role, action))
          await refuse(request, operator, { area, action }, opsMessages.notForRole);
        operators.set(request, operator);
      };
    },
  };
}

export type OperatorAccess = ReturnType<typeof createOperatorAccess>;

/** The operator `requireArea` let through. */
export function currentOperator(request: FastifyRequest): OperatorContext {
  const operator = operators.get(request);
  if (!operator) throw new AppError('FORBIDDEN', opsMessages.forbidden);
  return operator;
}
