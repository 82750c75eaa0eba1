import { operatorRoles } from '@playon/shared/ops';
import { playerOpsMessages } from '@playon/shared/ops-players';
import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Accounts } from '../../auth/service.ts';
import type { Actor } from '../service.ts';

type Identity = NonNullable<Awaited<ReturnType<Accounts['identityOf']>>>;

/** The identity, locked until `tx` ends when given: two operators acting on one account take turns. */
export async function mustFind(accounts: Accounts, uid: string, tx?: Db): Promise<Identity> {
  const identity = await accounts.identityOf(uid, tx, tx !== undefined);
  if (!identity) throw new AppError('NOT_FOUND', playerOpsMessages.notFound);
  return identity;
}

/**
 * What an action on an account needs: the account not deleted, not the operator's own, and an
 * operator's account only by an admin (a support operator cannot lock an admin out).
 */
export function assertMayChange(actor: Actor, identity: Identity) {
  if (identity.state === 'deleted') throw new AppError('CONFLICT', playerOpsMessages.deleted);
  if (identity.uid === actor.uid) throw new AppError('CONFLICT', playerOpsMessages.notYourself);
  if ((operatorRoles as readonly string[]).includes(identity.role) && actor.role !== 'admin')
    throw new AppError('FORBIDDEN', playerOpsMessages.operatorsByAdmins);
}
