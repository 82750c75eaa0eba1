import { operatorRoles } from '@playon/shared/ops';
import { type Deletion, type PlayerExport, playerOpsMessages } from '@playon/shared/ops-players';
import { toCents, toKes } from '@playon/shared/payments';
import { AppError } from '../../../platform/errors.ts';
import type { Actor } from '../service.ts';
import type { PlayerRecordParts, PlayersOpsDeps } from './deps.ts';
import { assertMayChange, mustFind } from './guards.ts';
import { toIdentity, toLedgerEntry, toPayment, toProfile, toReport, toTournament } from './wire.ts';

const ALL = { page: 1 } as const;
const kes = (cents: bigint) => toKes(cents).toFixed(2);

/**
 * A data request under Kenya's Data Protection Act (docs/operations.md): everything held on the
 * player as one document, and the deletion of the account. Money records stay: ledger entries and
 * payments are financial records the law keeps; the wallet is paid out first or why it is not is
 * recorded.
 */
export function createDataRequests(deps: PlayersOpsDeps, parts: PlayerRecordParts) {
  const { db, ops, accounts, wallet, payments, uploads } = deps;

  async function exportOf(actor: Actor, uid: string, reason: string): Promise<PlayerExport> {
    const identity = await mustFind(accounts, uid);
    const [profile, balance, ledger, intents, subscriptions, tournaments] = await Promise.all([
      parts.profiles.profileOf(uid),
      wallet.balanceOf(uid),
      wallet.ledgerOf(uid, ALL),
      payments.intentsOfPlayer(uid, ALL),
      deps.subscriptions.listForPlayer(uid),
      parts.tournamentEntriesOf(uid, ALL),
    ]);
    const [messages, rooms, mutes, media, notifications, browsers, referrals, feedback] = await Promise.all([
      parts.chat.messagesOf(uid),
      parts.chat.roomsOf(uid),
      parts.chat.mutesOf(uid),
      parts.chat.mediaOf(uid),
      parts.notifications.notificationsOf(uid),
      parts.profiles.pushEndpointsOf(uid),
      parts.referralsOf(uid),
      parts.feedback.feedbackOf(uid, ALL),
    ]);
    const picture = profile?.profilePic;
    const document: PlayerExport = {
      exportedAt: new Date().toISOString(),
      uid,
      identity: toIdentity(identity),
      profile: toProfile(profile),
      wallet: { balance: toKes(balance), entries: ledger.items.map(toLedgerEntry) },
      payments: intents.items.map(toPayment),
      subscriptions,
      tournaments: tournaments.items.map(toTournament),
      chatMessages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
      chatRooms: rooms.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() })),
      chatMutes: mutes.map((m) => ({
        ...m,
        until: m.until.toISOString(),
        createdAt: m.createdAt.toISOString(),
      })),
      uploads: [
        ...(picture && uploads.isOwnPicture(uid, picture)
          ? [
              {
                url: picture,
                kind: 'PROFILE_PICTURE' as const,
                mediaType: null,
                sizeBytes: null,
                createdAt: null,
              },
            ]
          : []),
        ...media.map((m) => ({ ...m, kind: 'CHAT_MEDIA' as const, createdAt: m.createdAt.toISOString() })),
      ],
      notifications,
      pushSubscriptions: browsers.map((b) => ({
        endpoint: b.endpoint,
        createdAt: b.createdAt.toISOString(),
      })),
      referrals: {
        referredBy: referrals.referredBy && {
          ...referrals.referredBy,
          createdAt: referrals.referredBy.createdAt.toISOString(),
        },
        referred: referrals.referred.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      },
      feedback: feedback.items.map(toReport),
    };
    await db.transaction((tx) =>
      ops.audit.record(tx, actor, {
        action: 'players.export',
        targetType: 'player',
        targetId: uid,
        reason,
        after: {
          ledgerEntries: document.wallet.entries.length,
          payments: document.payments.length,
          chatMessages: document.chatMessages.length,
          uploads: document.uploads.length,
          notifications: document.notifications.length,
          feedback: document.feedback.length,
        },
      }),
    );
    return document;
  }

  /** The largest whole-shilling payout whose amount and fee the balance covers, within the B2C limits. */
  function largestPayout(balance: bigint): { amount: number; fee: number } | undefined {
    const { min, max } = deps.payoutLimits;
    let amount = Math.min(max, Math.floor(toKes(balance)));
    while (amount >= min) {
      const fee = payments.withdrawCharges(amount);
      if (toCents(amount + fee) <= balance) return { amount, fee };
      amount = Math.min(amount - 1, Math.floor(toKes(balance) - fee));
    }
    return undefined;
  }

  /**
   * The wallet paid out to the player's M-Pesa through the ordinary withdrawal (reserve now, B2C by
   * a job), audited in the withdrawal's own transaction. `record` is the Idempotency-Key's.
   */
  async function payOut(
    actor: Actor,
    uid: string,
    request: { mpesaPhoneNumber: string; reason: string },
    record?: (
      payload: { intentId: string; amount: number; fee: number; remaining: number },
      tx: typeof db,
    ) => Promise<void>,
  ) {
    const identity = await mustFind(accounts, uid);
    if (identity.uid === actor.uid) throw new AppError('CONFLICT', playerOpsMessages.notYourself);
    const balance = await wallet.balanceOf(uid);
    const payout = largestPayout(balance);
    if (!payout)
      throw new AppError('CONFLICT', playerOpsMessages.nothingToPayOut(kes(balance), deps.payoutLimits.min));
    const mpesa = (await payments.listMethods()).find((method) => method.code === 'MPESA');
    if (!mpesa) throw new Error('the M-Pesa payment method is missing');
    const remaining = toKes(balance - toCents(payout.amount + payout.fee));
    const intent = await payments.withdraw(
      { uid, email: identity.email },
      { paymentMethodId: mpesa.id, amount: payout.amount, mpesaPhoneNumber: request.mpesaPhoneNumber },
      async (started, tx) => {
        await ops.audit.record(tx, actor, {
          action: 'players.pay-out',
          targetType: 'player',
          targetId: uid,
          reason: request.reason,
          before: { balance: toKes(balance) },
          after: { intentId: started.id, amount: payout.amount, fee: payout.fee, remaining },
        });
        await record?.({ intentId: started.id, ...payout, remaining }, tx);
      },
    );
    return { intentId: intent.id, ...payout, remaining };
  }

  /**
   * The account deleted: personal data erased or anonymised, chat messages and uploads removed,
   * every session ended; ledger entries, payments, subscriptions and scores kept under the uid. A
   * balance left needs its reason typed; a payout still on its way must finish first.
   */
  async function deleteAccount(
    actor: Actor,
    uid: string,
    request: { reason: string; balanceReason?: string | undefined },
  ): Promise<Deletion> {
    const done = await db.transaction(async (tx) => {
      const identity = await mustFind(accounts, uid, tx);
      assertMayChange(actor, identity);
      if ((operatorRoles as readonly string[]).includes(identity.role))
        throw new AppError('CONFLICT', playerOpsMessages.operatorNotDeleted);
      if ((await wallet.openPayoutsOf(uid, tx)) > 0)
        throw new AppError('CONFLICT', playerOpsMessages.payoutOpen);
      const balance = await wallet.balanceOf(uid, tx);
      if (balance > 0n && !request.balanceReason) {
        const message = playerOpsMessages.balanceLeft(kes(balance));
        throw new AppError('CONFLICT', message, { balanceReason: message });
      }
      const profile = await parts.profiles.erase(uid, tx);
      const chat = await parts.chat.eraseOf(uid, tx);
      const notifications = await parts.notifications.eraseOf(uid, tx);
      const feedback = await parts.feedback.eraseOf(uid, tx);
      const signInMethods = await accounts.erase(uid, tx);
      const removed = {
        chatMessages: chat.messages,
        chatMemberships: chat.memberships,
        files:
          chat.mediaUrls.length +
          (profile.profilePic && uploads.isOwnPicture(uid, profile.profilePic) ? 1 : 0),
        notifications,
        pushSubscriptions: profile.pushSubscriptions,
        feedback,
        signInMethods,
        sessions: identity.activeSessions,
      };
      const keptBalance = toKes(balance);
      await ops.audit.record(tx, actor, {
        action: 'players.delete',
        targetType: 'player',
        targetId: uid,
        reason: request.reason,
        before: { state: identity.state, balance: keptBalance },
        after: {
          state: 'deleted',
          removed,
          keptBalance,
          ...(balance > 0n ? { balanceReason: request.balanceReason } : {}),
        },
      });
      return { removed, keptBalance, files: { profilePic: profile.profilePic, chatMedia: chat.mediaUrls } };
    });
    // Sessions and files are not in the database's transaction: they go once the erasure committed.
    await accounts.endSessionsOf(uid);
    await uploads.removeFilesOf(uid, done.files);
    return { uid, removed: done.removed, keptBalance: done.keptBalance };
  }

  return { exportOf, payOut, deleteAccount };
}
