import {
  mayDo,
  mayUse,
  type OperatorRole,
  type OpsAction,
  type OpsArea,
  operatorRoles,
  opsActions,
  opsMessages,
} from '@playon/shared/ops';
import { eq } from 'drizzle-orm';
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

/** The operator a request is from, once `requireArea` let it through. */
export interface OperatorContext {
  uid: string;
  email: string;
  name: string;
  role: OperatorRole;
  sessionEndsAt: Date;
}

const operators = new WeakMap<FastifyRequest, OperatorContext>();

const isOperatorRole = (role: string): role is OperatorRole =>
  (operatorRoles as readonly string[]).includes(role);

/**
 * The console's door (ADR 0024): a valid access token, an identity whose role may use the area
 * (read from the database on every request, so a role taken back or an account disabled counts at
 * once), and an operator session younger than OPERATOR_SESSION_HOURS. A player gets 403.
 */
export function createOperatorAccess({
  db,
  requirePlayer,
  sessionMs,
}: {
  db: Db;
  requirePlayer: RequirePlayer;
  sessionMs: number;
}) {
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
    return { uid, email: row.email, name: row.name, role: row.role, sessionEndsAt };
  }

  return {
    /** onRequest for every /api/ops route: the operator's role must be allowed in `area`. */
    requireArea(area: OpsArea) {
      return async (request: FastifyRequest) => {
        const operator = await load(request);
        if (!mayUse(operator.role, area)) throw new AppError('FORBIDDEN', opsMessages.forbidden);
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
        if (!mayUse(operator.role, area)) throw new AppError('FORBIDDEN', opsMessages.forbidden);
        if (!mayDo(operator.role, action)) throw new AppError('FORBIDDEN', opsMessages.notForRole);
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
