import { deletedEmailOf, isDeletedEmail } from '@playon/shared/ops-players';
import { and, count, eq, gt, like } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { IdentityService } from './identity-service.ts';
import { authAccount, authSession, authUser, authVerification } from './schema.ts';

/** What a deleted account keeps as its disabled reason: it can never sign in again. */
const DELETED_REASON = 'Account deleted (data request)';

/**
 * The console's hold on identities: disable and enable (better-auth's admin plugin's
 * ban, which refuses sign-in), end every session, send a password reset, and erase one for a
 * deletion. Sessions end through better-auth so its session hook revokes each one's access tokens.
 */
export function createAccounts(db: Db, identity: IdentityService) {
  return {
    /** The identity without its secrets; `tx` with `forUpdate` serialises actions on one account. */
    async identityOf(uid: string, tx: Db = db, forUpdate = false) {
      const select = tx
        .select({
          uid: authUser.id,
          email: authUser.email,
          name: authUser.name,
          emailVerified: authUser.emailVerified,
          role: authUser.role,
          banned: authUser.banned,
          banReason: authUser.banReason,
          createdAt: authUser.createdAt,
        })
        .from(authUser)
        .where(eq(authUser.id, uid));
      const [user] = await (forUpdate ? select.for('update') : select);
      if (!user) return undefined;
      const [methods, [sessions]] = await Promise.all([
        tx
          .select({ providerId: authAccount.providerId })
          .from(authAccount)
          .where(eq(authAccount.userId, uid)),
        tx
          .select({ n: count() })
          .from(authSession)
          .where(and(eq(authSession.userId, uid), gt(authSession.expiresAt, new Date()))),
      ]);
      const isDeleted = isDeletedEmail(user.email);
      return {
        ...user,
        state: isDeleted ? 'deleted' : user.banned ? 'disabled' : 'active',
        signInMethods: methods.map((m) => m.providerId).sort(),
        activeSessions: sessions?.n ?? 0,
      } as const;
    },

    /** Disabled: better-auth refuses the account a new session; `reason` null enables it again. */
    async setDisabled(uid: string, reason: string | null, tx: Db) {
      await tx
        .update(authUser)
        .set({ banned: reason !== null, banReason: reason, banExpires: null, updatedAt: new Date() })
        .where(eq(authUser.id, uid));
    },

    /** Ends every session of the player: their access tokens and open sockets stop working at once. */
    async endSessionsOf(uid: string) {
      const context = await identity.$context;
      await context.internalAdapter.deleteUserSessions(uid);
    },

    /** better-auth's own reset mail, with the link to the web app's reset page. */
    async sendPasswordReset(email: string) {
      await identity.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' } });
    },

    /**
     * The identity anonymised for a deletion: a placeholder e-mail, no name or picture, disabled for
     * good, every way to sign in (password, Google, Facebook) and pending reset link removed. The row
     * stays: payments and ledger entries name the uid. Resolves to how many sign-in methods went.
     */
    async erase(uid: string, tx: Db) {
      await tx
        .update(authUser)
        .set({
          email: deletedEmailOf(uid),
          name: '',
          image: null,
          emailVerified: false,
          role: 'player',
          banned: true,
          banReason: DELETED_REASON,
          banExpires: null,
          updatedAt: new Date(),
        })
        .where(eq(authUser.id, uid));
      const removed = await tx
        .delete(authAccount)
        .where(eq(authAccount.userId, uid))
        .returning({ id: authAccount.id });
      // A reset link's row holds the user id as its value.
      await tx
        .delete(authVerification)
        .where(and(like(authVerification.identifier, 'reset-password:%'), eq(authVerification.value, uid)));
      return removed.length;
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
