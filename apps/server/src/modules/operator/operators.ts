import { randomBytes } from 'node:crypto';
import { type OperatorRole, operatorRoles, opsMessages, type Role } from '@playon/shared/ops';
import { asc, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { authUser, type IdentityService } from '../auth/service.ts';
import { assertAnotherAdmin, lockAdmins } from './admins.ts';
import type { Actor, AuditLog } from './audit.ts';
import { opsAuditLog } from './schema.ts';

/** The audit action of an operator's first console request of a session (access.ts). */
export const SIGN_IN_ACTION = 'operators.sign-in';

/**
 * Who runs PlayOn: giving and taking back operator roles, always audited, and inviting a person who
 * has no account yet (one is made, and its owner mailed the link to choose a password).
 */
export function createOperators({
  db,
  audit,
  identity,
}: {
  db: Db;
  audit: AuditLog;
  identity: IdentityService;
}) {
  /**
   * Gives the identity with this e-mail `role` (`player` takes an operator role back). The last
   * enabled admin cannot be taken back: someone must always be able to give roles (`admins.ts`).
   */
  async function setRole(actor: Actor, input: { email: string; role: Role; reason: string }) {
    return db.transaction(async (tx) => {
      const admins = await lockAdmins(tx);
      const [user] = await tx
        .select({ uid: authUser.id, role: authUser.role })
        .from(authUser)
        .where(eq(authUser.email, input.email.toLowerCase()))
        .for('update');
      if (!user)
        throw new AppError('NOT_FOUND', opsMessages.userNotFound, { email: opsMessages.userNotFound });
      if (user.role === 'admin' && input.role !== 'admin') assertAnotherAdmin(admins, user.uid);
      await tx
        .update(authUser)
        .set({ role: input.role, updatedAt: new Date() })
        .where(eq(authUser.id, user.uid));
      await audit.record(tx, actor, {
        action: 'operators.set-role',
        targetType: 'user',
        targetId: user.uid,
        reason: input.reason,
        before: { role: user.role },
        after: { role: input.role },
      });
      return { uid: user.uid, role: input.role };
    });
  }

  return {
    setRole,

    /** The operators by e-mail, each with their last sign-in to the console (the audit log's). */
    async list() {
      const lastSignIn = db
        .select({ uid: opsAuditLog.actorUid, at: max(opsAuditLog.at).as('last_sign_in_at') })
        .from(opsAuditLog)
        .where(eq(opsAuditLog.action, SIGN_IN_ACTION))
        .groupBy(opsAuditLog.actorUid)
        .as('last_sign_in');
      const rows = await db
        .select({
          uid: authUser.id,
          email: authUser.email,
          name: authUser.name,
          role: authUser.role,
          lastSignInAt: lastSignIn.at,
        })
        .from(authUser)
        .leftJoin(lastSignIn, eq(lastSignIn.uid, authUser.id))
        .where(inArray(authUser.role, [...operatorRoles]))
        .orderBy(asc(authUser.email));
      return rows.map((row) => ({
        ...row,
        role: row.role as OperatorRole,
        lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
      }));
    },

    /** Who an e-mail is before a role is given to it: an account, or nobody (an invitation). */
    async lookup(email: string) {
      const [account] = await db
        .select({ uid: authUser.id, name: authUser.name, role: authUser.role })
        .from(authUser)
        .where(eq(authUser.email, email.toLowerCase()));
      return {
        email: email.toLowerCase(),
        account: account ? { ...account, role: account.role as Role } : null,
      };
    },

    /**
     * `npm run operator -- add <email> --role <role>` and the console's invitation: the identity with
     * this e-mail, created when there is none (with a password nobody knows), given `role`; a created
     * one's owner is mailed the link to choose a password, once the role is saved.
     */
    async add(actor: Actor, input: { email: string; role: Role; reason: string }) {
      const email = input.email.toLowerCase();
      const [existing] = await db
        .select({ uid: authUser.id })
        .from(authUser)
        .where(eq(authUser.email, email));
      if (!existing) {
        await identity.api.signUpEmail({
          body: {
            email,
            name: email.split('@')[0] ?? email,
            password: randomBytes(24).toString('base64url'),
          },
        });
      }
      const result = await setRole(actor, { ...input, email });
      if (!existing)
        await identity.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' } });
      return { ...result, invited: !existing };
    },
  };
}

export type Operators = ReturnType<typeof createOperators>;
