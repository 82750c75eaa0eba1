import { opsMessages } from '@playon/shared/ops';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { authUser } from '../auth/service.ts';

/**
 * The last-admin rule (ADR 0024): PlayOn always keeps an enabled admin, someone who can give roles.
 * Every change that can take an admin away (a role taken back, an account disabled) first locks the
 * admins' rows, all of them and in id order, until its transaction ends. Two such changes then take
 * turns, and the second counts the admins the first left; locking only the target's row let two
 * admins demote each other at the same moment. The target's own row is locked after these.
 */
export function lockAdmins(tx: Db) {
  return tx
    .select({ uid: authUser.id, banned: authUser.banned })
    .from(authUser)
    .where(eq(authUser.role, 'admin'))
    .orderBy(asc(authUser.id))
    .for('update');
}

/** Refuses a change that takes `uid` from the admins `lockAdmins` found when no other enabled one remains. */
export function assertAnotherAdmin(admins: Awaited<ReturnType<typeof lockAdmins>>, uid: string) {
  if (!admins.some((admin) => admin.uid !== uid && !admin.banned))
    throw new AppError('CONFLICT', opsMessages.lastAdmin);
}
