import { randomBytes } from 'node:crypto';
import { type OperatorRole, operatorRoles, opsMessages, type Role } from '@playon/shared/ops';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { authUser, type IdentityService } from '../auth/service.ts';
import type { Actor, AuditLog } from './audit.ts';

/** Who runs PlayOn: giving and taking back operator roles, always audited. */
export function createOperators({ db, audit }: { db: Db; audit: AuditLog }) {
  /**
   * Gives the identity with this e-mail `role` (`player` takes an operator role back). The last
   * admin cannot be taken back: someone must always be able to give roles.
   */
  async function setRole(actor: Actor, input: { email: string; role: Role; reason: string }) {
    return db.transaction(async (tx) => {
      const [user] = await tx
        .select({ uid: authUser.id, role: authUser.role })
        .from(authUser)
        .where(eq(authUser.email, input.email.toLowerCase()))
        .for('update');
      if (!user)
        throw new AppError('NOT_FOUND', opsMessages.userNotFound, { email: opsMessages.userNotFound });
      if (user.role === 'admin' && input.role !== 'admin') {
        const others = await tx
          .select({ uid: authUser.id })
          .from(authUser)
          .where(and(eq(authUser.role, 'admin'), ne(authUser.id, user.uid)))
          .limit(1);
        if (others.length === 0) throw new AppError('CONFLICT', 'PlayOn needs at least one admin.');
      }
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

    list() {
      return db
        .select({ uid: authUser.id, email: authUser.email, name: authUser.name, role: authUser.role })
        .from(authUser)
        .where(inArray(authUser.role, [...operatorRoles]))
        .orderBy(asc(authUser.email)) as Promise<
        { uid: string; email: string; name: string; role: OperatorRole }[]
      >;
    },

    /**
     * `npm run operator -- add <email> --role <role>`: the identity with this e-mail, created when
     * there is none (with a password nobody knows, and a password-reset mail to set one), given `role`.
     */
    async add(identity: IdentityService, actor: Actor, input: { email: string; role: Role; reason: string }) {
      const email = input.email.toLowerCase();
      const [existing] = await db
        .select({ uid: authUser.id })
        .from(authUser)
        .where(eq(authUser.email, email));
      let created = false;
      if (!existing) {
        await identity.api.signUpEmail({
          body: {
            email,
            name: email.split('@')[0] ?? email,
            password: randomBytes(24).toString('base64url'),
          },
        });
        created = true;
      }
      const result = await setRole(actor, { ...input, email });
      return { ...result, created };
    },
  };
}

export type Operators = ReturnType<typeof createOperators>;
