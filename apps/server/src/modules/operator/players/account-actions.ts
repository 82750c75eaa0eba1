import { playerOpsMessages } from '@playon/shared/ops-players';
import { AppError } from '../../../platform/errors.ts';
import { type Actor, assertAnotherAdmin, lockAdmins } from '../service.ts';
import type { PlayersOpsDeps } from './deps.ts';
import { assertMayChange, mustFind } from './guards.ts';

/**
 * Disable, enable, and a password reset by mail: each audited in the transaction of its change.
 * Disabling ends every session once the ban has committed, so no new session can start between; it
 * takes the admins' rows first, as every change that can take an admin away does (`admins.ts`).
 */
export function createAccountActions({ db, ops, accounts }: PlayersOpsDeps) {
  return {
    async disable(actor: Actor, uid: string, reason: string) {
      const sessions = await db.transaction(async (tx) => {
        const admins = await lockAdmins(tx);
        const identity = await mustFind(accounts, uid, tx);
        assertMayChange(actor, identity);
        if (identity.state === 'disabled') throw new AppError('CONFLICT', playerOpsMessages.alreadyDisabled);
        if (identity.role === 'admin') assertAnotherAdmin(admins, uid);
        await accounts.setDisabled(uid, reason, tx);
        await ops.audit.record(tx, actor, {
          action: 'players.disable',
          targetType: 'player',
          targetId: uid,
          reason,
          before: { state: identity.state, activeSessions: identity.activeSessions },
          after: { state: 'disabled', activeSessions: 0 },
        });
        return identity.activeSessions;
      });
      await accounts.endSessionsOf(uid);
      return { uid, state: 'disabled' as const, sessionsEnded: sessions };
    },

    async enable(actor: Actor, uid: string, reason: string) {
      await db.transaction(async (tx) => {
        const identity = await mustFind(accounts, uid, tx);
        assertMayChange(actor, identity);
        if (identity.state !== 'disabled') throw new AppError('CONFLICT', playerOpsMessages.notDisabled);
        await accounts.setDisabled(uid, null, tx);
        await ops.audit.record(tx, actor, {
          action: 'players.enable',
          targetType: 'player',
          targetId: uid,
          reason,
          before: { state: 'disabled', disabledReason: identity.banReason },
          after: { state: 'active' },
        });
      });
      return { uid, state: 'active' as const };
    },

    /**
     * better-auth's reset mail to the account's e-mail. Audited first, then sent: a mail that fails
     * leaves an entry the operator's retry follows, never a mail no entry explains.
     */
    async sendPasswordReset(actor: Actor, uid: string) {
      const email = await db.transaction(async (tx) => {
        const identity = await mustFind(accounts, uid, tx);
        assertMayChange(actor, identity);
        await ops.audit.record(tx, actor, {
          action: 'players.password-reset',
          targetType: 'player',
          targetId: uid,
          after: { sentTo: identity.email },
        });
        return identity.email;
      });
      await accounts.sendPasswordReset(email);
      return { email };
    },
  };
}
