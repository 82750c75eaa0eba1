import type { FastifyBaseLogger } from 'fastify';
import { createAudiences } from '../modules/audiences/service.ts';
import type { AuthService } from '../modules/auth/service.ts';
import { createIdentityReads } from '../modules/auth/service.ts';
import { createChatModeration } from '../modules/chat/service.ts';
import { createFeedbackInbox } from '../modules/content/service.ts';
import { createGameReads } from '../modules/games/service.ts';
import { createBroadcasts, type NotificationService } from '../modules/notifications/service.ts';
import { createDashboard } from '../modules/operator/dashboard/service.ts';
import { createPlayersOps } from '../modules/operator/players/service.ts';
import { createPaymentReads, type PaymentService } from '../modules/payments/service.ts';
import { createPlayerRecords, type ProfileService } from '../modules/profile/service.ts';
import type { Realtime } from '../modules/realtime/service.ts';
import { createSubscriptionReads } from '../modules/subscriptions/service.ts';
import { createTournamentReads } from '../modules/tournaments/service.ts';
import type { UploadsService } from '../modules/uploads/service.ts';
import type { WalletService } from '../modules/wallet/service.ts';
import type { Config } from '../platform/config.ts';
import type { JobQueue } from '../platform/jobs/index.ts';
import type { Mailer } from '../platform/mail.ts';
import { type OperatorApiDeps, operatorApi } from './operator-api.ts';

/** The services app.ts made that the operator's console reads or acts through. */
export type OperatorWiring = Omit<
  OperatorApiDeps,
  'players' | 'feedback' | 'moderation' | 'broadcasts' | 'audiences' | 'dashboard' | 'payments'
> & {
  config: Config;
  jobs: JobQueue;
  mailer: Mailer;
  log: FastifyBaseLogger;
  auth: Pick<AuthService, 'accounts'>;
  wallet: WalletService;
  payments: PaymentService;
  uploads: UploadsService;
  profiles: ProfileService;
  realtime: Realtime;
  notifications: Pick<NotificationService, 'recordGroup'>;
};

/**
 * The console's Players area, community area and dashboard, built once every module they read
 * exists (they sit above them all, ADR 0021): the one operator API plugin that serves them with
 * every module's own console routes, and the handlers of the jobs the console's parts own.
 */
export function wireOperatorApi(deps: OperatorWiring) {
  const { db, config, jobs, ops, profiles, subscriptions } = deps;
  const players = createPlayersOps({
    db,
    ops,
    accounts: deps.auth.accounts,
    wallet: deps.wallet,
    payments: deps.payments,
    payoutLimits: config.limits.b2c,
    subscriptions,
    uploads: deps.uploads,
  });
  const identities = createIdentityReads(db);
  const tournamentReads = createTournamentReads(db);
  const gameReads = createGameReads(db);
  const paymentReads = createPaymentReads({ db, giveUpMs: config.stkUnknownGiveUpMs });
  const feedback = createFeedbackInbox({
    db,
    jobs,
    mailer: deps.mailer,
    audit: ops.audit,
    players: {
      namesOf: (uids) => profiles.playersByUid(uids),
      profileOf: createPlayerRecords(db).profileOf,
      paymentsOf: paymentReads.countsOf,
      subscriptionsOf: (uid) => subscriptions.listForPlayer(uid),
      languagesOf: (uids) => profiles.languagesOf(uids),
    },
  });
  const moderation = createChatModeration({
    db,
    realtime: deps.realtime,
    audit: ops.audit,
    namesOf: (uids) => profiles.playersByUid(uids),
    log: deps.log,
  });
  const subscriptionReads = createSubscriptionReads(db);
  const audiences = createAudiences({
    db,
    audit: ops.audit,
    reads: {
      playerUids: identities.playerUids,
      enabledAmong: identities.enabledAmong,
      paidAmong: paymentReads.paidAmong,
      lapsedSince: gameReads.lapsedSince,
      subscriptionsEndingBetween: subscriptionReads.endingBetween,
      game: gameReads.players,
      tournament: tournamentReads.players,
      usernamesOf: (uids) => profiles.playersByUid(uids),
    },
  });
  const broadcasts = createBroadcasts({
    db,
    jobs,
    recordGroup: deps.notifications.recordGroup,
    audit: ops.audit,
    audiences: {
      all: identities.everyone,
      tournament: tournamentReads.players,
      game: gameReads.players,
      tournamentChoices: () => tournamentReads.choices(),
      gameChoices: gameReads.choices,
      saved: audiences.saved,
      byDefinition: audiences.byDefinition,
    },
  });
  const dashboard = createDashboard({
    signUpsPerDay: identities.signUpsPerDay,
    moneyPerDay: paymentReads.moneyPerDay,
    openPayments: paymentReads.openCounts,
    unansweredFeedback: feedback.unansweredCount,
    runningTournaments: tournamentReads.runningCount,
  });
  return {
    api: operatorApi({ ...deps, players, feedback, moderation, broadcasts, audiences, dashboard }),
    jobHandlers: { broadcast: broadcasts.broadcastJob, feedbackAnswerMail: feedback.feedbackAnswerMailJob },
  };
}
