import { paymentPaceMessages } from '@playon/shared/payments';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { configuredProviderOrigins } from './modules/auth/oauth-providers.ts';
import { authRoutes, pageAccessToken } from './modules/auth/routes.ts';
import { createAuthService, createIdentityReads, currentPlayer } from './modules/auth/service.ts';
import { opsModerationRoutes } from './modules/chat/ops/moderation-routes.ts';
import { chatRoomsOpsRoutes } from './modules/chat/ops/routes.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import {
  createChatModeration,
  createChatRoomsOf,
  createChatService,
  createFloodLimit,
} from './modules/chat/service.ts';
import { opsFeedbackRoutes } from './modules/content/ops/feedback-routes.ts';
import { contentOpsRoutes } from './modules/content/ops/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { createContentService, createFeedbackInbox } from './modules/content/service.ts';
import { opsDashboardRoutes } from './modules/operator/dashboard/routes.ts';
import { createDashboard } from './modules/operator/dashboard/service.ts';
import { gameOpsRoutes } from './modules/games/ops/routes.ts';
import { gameRoutes } from './modules/games/routes.ts';
import { createGameReads, createGameService } from './modules/games/service.ts';
import { gameStaticRoutes } from './modules/games/static.ts';
import { opsBroadcastRoutes } from './modules/notifications/ops/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { createBroadcasts, createNotificationService } from './modules/notifications/service.ts';
import { opsRoutes } from './modules/operator/routes.ts';
import { createOpsService, seedDemoAdmin } from './modules/operator/service.ts';
import { parkedMpesaCallbacks, paymentCounts } from './modules/payments/metrics-reads.ts';
import { moneyOpsRoutes } from './modules/payments/ops/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import {
  createPaymentReads,
  createPaymentService,
  createProviderReports,
} from './modules/payments/service.ts';
import { playersOpsRoutes } from './modules/operator/players/routes.ts';
import { createPlayersOps } from './modules/operator/players/service.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { createPlayerRecords, createProfileService } from './modules/profile/service.ts';
import { realtimeRoutes } from './modules/realtime/routes.ts';
import { createPresence, createRealtime } from './modules/realtime/service.ts';
import { referenceRoutes } from './modules/reference/routes.ts';
import { createReferenceService } from './modules/reference/service.ts';
import { referralRoutes } from './modules/referrals/routes.ts';
import { createReferralService } from './modules/referrals/service.ts';
import { subscriptionOpsRoutes } from './modules/subscriptions/ops/routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/routes.ts';
import { createSubscriptionService } from './modules/subscriptions/service.ts';
import { tournamentOpsRoutes } from './modules/tournaments/ops/routes.ts';
import { createRankStore } from './modules/tournaments/ranks/create.ts';
import { tournamentRoutes } from './modules/tournaments/routes.ts';
import {
  createTournamentPlayRule,
  createTournamentReads,
  createTournamentService,
  TOURNAMENT_RANKING_EVERY_MS,
  TOURNAMENT_RANKING_JOB,
  TOURNAMENT_START_EVERY_MS,
  TOURNAMENT_START_JOB,
} from './modules/tournaments/service.ts';
import { uploadsOpsRoutes } from './modules/uploads/ops/routes.ts';
import { uploadsRoutes } from './modules/uploads/routes.ts';
import { createUploadsService } from './modules/uploads/service.ts';
import { systemAccountBalances } from './modules/wallet/metrics-reads.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { createWalletService } from './modules/wallet/service.ts';
import { createAirtimeClient } from './platform/airtime/client.ts';
import { registerFormBodyParser } from './platform/body-parsers.ts';
import { createBus } from './platform/bus/index.ts';
import { registerCompression } from './platform/compression.ts';
import type { Config } from './platform/config.ts';
import { createDarajaClient } from './platform/daraja/client.ts';
import { type Database, openDatabase } from './platform/db.ts';
import { refuseNulCharacters } from './platform/envelope.ts';
import { registerErrorHandler } from './platform/error-handler.ts';
import { AppError } from './platform/errors.ts';
import { healthRoutes } from './platform/health.ts';
import {
  createIdempotency,
  IDEMPOTENCY_KEEP_MS,
  IDEMPOTENCY_PRUNE_JOB,
  pruneIdempotencyKeys,
} from './platform/idempotency/index.ts';
import { createJobQueue, type JobQueue } from './platform/jobs/index.ts';
import { scheduleRecurring } from './platform/jobs/recurring.ts';
import { registerLoadShedding } from './platform/load-shedding.ts';
import { loggerOptions } from './platform/logger.ts';
import { createMailer } from './platform/mail.ts';
import { createMetrics, metricsRoutes, openUpgrades } from './platform/metrics.ts';
import { jobQueueState } from './platform/metrics-jobs.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { createPaystackClient } from './platform/paystack/client.ts';
import { createReadiness, type Readiness, readinessRoutes } from './platform/readiness.ts';
import { registerRequestContext, requestIdOptions } from './platform/request-context.ts';
import { limitPerMinute, registerRateLimit, registerSecurityHeaders } from './platform/security.ts';
import { registerGracefulStop } from './platform/shutdown.ts';
import type { Storage, StorageLocation } from './platform/storage.ts';
import { createLocalStorage } from './platform/storage-local.ts';
import { createS3Storage } from './platform/storage-s3.ts';
import { registerHttpSpans } from './platform/tracing-http.ts';
import { tracingFromConfig } from './platform/tracing-start.ts';
import { registerWebApp } from './platform/web-app.ts';
import { sandboxAirtimeRoutes } from './sandbox/airtime/routes.ts';
import type { SandboxClock } from './sandbox/clock.ts';
import { sandboxDarajaRoutes } from './sandbox/daraja/routes.ts';
import { registerSandboxGuard } from './sandbox/guard.ts';
import { sandboxMailRoutes } from './sandbox/mail/routes.ts';
import { sandboxOAuthRoutes } from './sandbox/oauth/routes.ts';
import { sandboxPaystackRoutes } from './sandbox/paystack/routes.ts';
import { seedContent } from './seed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue: main.ts starts its worker; close() stops it. */
    jobs: JobQueue;
    /** On a laptop in sandbox mode: the demo admin main.ts prints (ADR 0024). */
    demoAdmin?: { email: string; password: string };
    /** GET /api/ready's checks; main.ts marks it shutting down on SIGTERM, app.close() does too. */
    readiness: Readiness;
  }
}

export interface BuildOptions {
  /** An already opened (and migrated) database to use instead of the configured one. */
  database?: Database;
  /** The payment sandboxes' clock (the system's unless a test drives one). */
  sandboxClock?: SandboxClock;
  /** Where log lines go instead of stdout: the attack suites read them for leaked secrets. */
  logStream?: { write(line: string): void };
}

/** Uploads on local disk, or in the S3-compatible bucket S3_BUCKET names (ADR 0030). */
const openStorage = (location: StorageLocation): Storage =>
  location.kind === 's3' ? createS3Storage(location) : createLocalStorage(location.dir);

/** Infrastructure first, then the modules, then the web app's fallback. Used by main.ts and the tests. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { database, sandboxClock: clock, logStream } = options;
  const app = Fastify({
    logger: logStream ? { ...(loggerOptions(config) as object), stream: logStream } : loggerOptions(config),
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // A request on a connection still open while closing is served (with Connection: close), not
    // refused with a 503 the proxy would hand to the player (platform/shutdown.ts).
    return503OnClosing: false,
    // X-Request-Id in and out, on every log line of the request and its jobs (ADR 0051).
    ...requestIdOptions,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before the database opens, whose queries then have spans; its last spans are sent as it closes.
  const tracing = tracingFromConfig(config.tracing, app.log);
  app.addHook('onClose', () => tracing.shutdown());
  // The first hooks of every request: its id and context, its span, then a refusal under pressure.
  registerRequestContext(app);
  registerHttpSpans(app);
  await registerLoadShedding(app, config.loadShedding);
  registerGracefulStop(app);
  // Not ready from the first moment of closing (registered first, so it runs before the other preClose hooks).
  app.addHook('preClose', async () => app.readiness?.shutDown());
  registerErrorHandler(app);
  registerFormBodyParser(app);
  refuseNulCharacters(app);

  const { db, ...connection } = database ?? (await openDatabase(config.database));
  connection.setLogger(app.log);
  app.addHook('onClose', () => connection.close());
  // GET /metrics (ADR 0030): the requests this instance answers, timed from here on, and what the
  // database says of payments, parked M-Pesa callbacks, the ledger and the job queue.
  const metrics = createMetrics(
    {
      payments: () => paymentCounts(db, config.stkUnknownGiveUpMs),
      ledger: () => systemAccountBalances(db),
      jobs: () => jobQueueState(db),
      callbacks: () => parkedMpesaCallbacks(db),
      dependencies: () => app.readiness.check(),
      sockets: openUpgrades(app.server, '/ws'),
    },
    app.log,
  );
  metrics.observeRequests(app);

  registerSecurityHeaders(app, configuredProviderOrigins(config));
  await registerCompression(app);
  await registerRateLimit(app, config);
  await registerOpenApi(app, config.publicUrl);

  const mailer = createMailer(config, db);
  const auth = createAuthService({ config, db, mailer, log: app.log });
  const reference = createReferenceService(db);
  const ops = createOpsService({
    db,
    requirePlayer: auth.requirePlayer,
    operatorSessionMs: config.operatorSessionMs,
  });
  // Chat is built on profiles, never the other way (ADR 0021): join and leave answer with the
  // profile, whose chatRooms come from chat's room reader, which needs only the database.
  const profiles = createProfileService({ db, auth, reference, chatRoomsOf: createChatRoomsOf(db) });
  const storage = openStorage(config.storage);
  const referrals = createReferralService({ db, profiles });
  const bus = createBus(config.redisUrl, app.log, config.redisBusNamespace);
  // The one way to reach a player's sockets, whichever instance holds them: chat, notifications
  // and payments (a payment's task status) all send through it.
  const realtime = createRealtime(bus);
  const presence = createPresence(config.redisUrl, app.log, config.redisBusNamespace);
  const chat = createChatService({
    db,
    realtime,
    presence,
    profiles,
    flood: createFloodLimit(config.redisUrl, app.log, config.redisBusNamespace),
    log: app.log,
  });
  app.addHook('onClose', async () => void (await Promise.all([presence.close(), chat.close()])));
  const uploads = createUploadsService({ storage, profiles, chat });
  const jobs = createJobQueue(db, app.log);
  app.decorate('jobs', jobs);
  // preClose: the worker stops claiming at once; the jobs in hand are awaited in the last onClose hook.
  let jobsStopped: Promise<void> | undefined;
  app.addHook('preClose', async () => {
    jobsStopped = jobs.stop();
  });
  app.addHook('onClose', () => bus.close());
  const readiness = createReadiness({ database: connection, redis: config.redisUrl ? bus : undefined });
  app.decorate('readiness', readiness);
  await scheduleRecurring(jobs, IDEMPOTENCY_PRUNE_JOB, 60 * 60_000, () =>
    pruneIdempotencyKeys(db, IDEMPOTENCY_KEEP_MS),
  );
  const notifications = createNotificationService({
    db,
    jobs,
    realtime,
    vapid: config.vapid,
    pushEndpoints: config.pushEndpoints,
    subscriptions: profiles,
    log: app.log,
  });
  const wallet = createWalletService(db);
  const subscriptions = createSubscriptionService({ db });
  const payments = createPaymentService({
    db,
    config,
    wallet,
    daraja: createDarajaClient({ ...config.daraja, fetch: metrics.providerFetch('MPESA') }),
    paystack: createPaystackClient({ ...config.paystack, fetch: metrics.providerFetch('CARD') }),
    airtime: createAirtimeClient({ ...config.airtime, fetch: metrics.providerFetch('AIRTIME') }),
    subscriptions,
    players: profiles,
    jobs,
    realtime,
    log: app.log,
    notifications,
    reports: createProviderReports(config),
  });

  const content = createContentService({ db, demoContent: config.demoContent, log: app.log });
  // Tournaments are built on games, never the other way (ADR 0021): 'Play now' asks the tournament
  // play rule, which needs only the database and so exists before both services.
  const tournamentPlayRule = createTournamentPlayRule(db);
  const games = createGameService({
    db,
    secret: config.authSecret,
    gamesDir: config.gamesDir,
    log: app.log,
    hasActiveSubscription: (uid, at) => subscriptions.hasActiveSubscription(uid, at),
    assertTournamentPlayable: tournamentPlayRule.assertPlayable,
  });
  const rankStore = createRankStore(config.redisUrl, app.log, config.redisBusNamespace);
  const tournaments = createTournamentService({
    db,
    games,
    subscriptions,
    players: profiles,
    log: app.log,
    notifications,
    realtime,
    ranks: rankStore,
  });
  app.addHook('onClose', async () => tournaments.closeLive());
  app.addHook('onClose', () => rankStore.close());
  await scheduleRecurring(jobs, TOURNAMENT_RANKING_JOB, TOURNAMENT_RANKING_EVERY_MS, async () => {
    await tournaments.rankEndedTournaments();
  });
  await scheduleRecurring(jobs, TOURNAMENT_START_JOB, TOURNAMENT_START_EVERY_MS, async () => {
    await tournaments.announceStartedTournaments();
  });

  await seedContent({
    reference,
    subscriptions,
    games,
    content,
    chat,
    ...(config.demoContent ? { demo: { tournaments, chat } } : {}),
  });
  if (config.sandbox.on && !config.production && config.demoContent) {
    // The laptop's console opens at once: main.ts prints how to sign in.
    app.decorate(
      'demoAdmin',
      await seedDemoAdmin({
        db,
        identity: auth.identity,
        operators: ops.operators,
        dataDir: config.dataDir,
        exclusive: connection.exclusive,
      }),
    );
  }

  await app.register(healthRoutes(connection, config.sandbox));
  await app.register(readinessRoutes(readiness));
  await app.register(metricsRoutes(metrics, config.metrics));
  await app.register(opsRoutes(ops));
  await app.register(moneyOpsRoutes(payments, ops));
  // The console's content area (admins): each module serves its own part.
  await app.register(gameOpsRoutes(games, ops));
  await app.register(tournamentOpsRoutes(tournaments, ops));
  await app.register(contentOpsRoutes(content, ops));
  await app.register(subscriptionOpsRoutes(subscriptions, ops));
  await app.register(chatRoomsOpsRoutes(db, ops));
  await app.register(uploadsOpsRoutes(storage, ops));
  await app.register(authRoutes(auth, config));
  await app.register(profileRoutes(profiles, auth.requirePlayer, notifications));
  await app.register(referenceRoutes(reference, auth.requirePlayer));
  await app.register(uploadsRoutes(uploads, auth.requirePlayer, storage));
  await app.register(chatRoutes(chat, auth.requirePlayer));
  await app.register(referralRoutes(referrals, auth.requirePlayer));
  await app.register(subscriptionRoutes(subscriptions, auth.requirePlayer));
  await app.register(gameRoutes(games, auth.requirePlayer));
  await app.register(gameStaticRoutes(config.gamesDir, config.gameSdkDir));
  await app.register(tournamentRoutes(tournaments, auth.requirePlayer));
  await app.register(contentRoutes(content, auth.requirePlayer));
  await app.register(notificationRoutes(notifications, auth.requirePlayer));
  const idempotency = createIdempotency(db, { leaseMs: config.idempotencyLeaseMs, log: app.log });
  // Payments a player may start per minute, top-up, subscribe and withdraw together: one counter
  // (in Redis when REDIS_URL is set, so across instances), counted once the token is checked.
  const limitPaymentStarts = limitPerMinute(app, {
    max: config.rateLimitPaymentsPerMinute,
    key: (request) => `payments-started:${currentPlayer(request).uid}`,
    refusal: () => new AppError('RATE_LIMITED', paymentPaceMessages.tooManyPayments),
  });
  await app.register(paymentRoutes(payments, idempotency, auth.requirePlayer, limitPaymentStarts));
  await app.register(walletRoutes(wallet, payments, idempotency, auth.requirePlayer, limitPaymentStarts));
  // The console's Players area reads nearly every module: built once they all exist.
  const players = createPlayersOps({
    db,
    ops,
    accounts: auth.accounts,
    wallet,
    payments,
    payoutLimits: config.limits.b2c,
    subscriptions,
    uploads,
  });
  await app.register(playersOpsRoutes(players, ops, idempotency));
  await app.register(
    realtimeRoutes(
      bus,
      async (request, token) => {
        // The socket's token is verified exactly like the API's bearer token.
        request.headers.authorization = `Bearer ${token}`;
        await auth.requirePlayer(request);
        return { uid: currentPlayer(request).uid, hasEnded: () => auth.hasSessionEnded(request) };
      },
      // A member coming or going changes their rooms' online counts, told live to the rooms.
      { presence: chat.watchPresence(presence) },
    ),
  );
  // The console's community area and dashboard, built on what the modules read for it.
  const identities = createIdentityReads(db);
  const tournamentReads = createTournamentReads(db);
  const gameReads = createGameReads(db);
  const paymentReads = createPaymentReads({ db, giveUpMs: config.stkUnknownGiveUpMs });
  const feedbackInbox = createFeedbackInbox({
    db,
    jobs,
    mailer,
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
    realtime,
    audit: ops.audit,
    namesOf: (uids) => profiles.playersByUid(uids),
    log: app.log,
  });
  const broadcasts = createBroadcasts({
    db,
    jobs,
    recordGroup: notifications.recordGroup,
    audit: ops.audit,
    audiences: {
      all: identities.everyone,
      tournament: tournamentReads.players,
      game: gameReads.players,
      tournamentChoices: () => tournamentReads.choices(),
      gameChoices: gameReads.choices,
    },
  });
  const dashboard = createDashboard({
    signUpsPerDay: identities.signUpsPerDay,
    moneyPerDay: paymentReads.moneyPerDay,
    openPayments: paymentReads.openCounts,
    unansweredFeedback: feedbackInbox.unansweredCount,
    runningTournaments: tournamentReads.runningCount,
  });
  await app.register(opsFeedbackRoutes(feedbackInbox, ops));
  await app.register(opsModerationRoutes(moderation, ops));
  await app.register(opsBroadcastRoutes(broadcasts, ops, idempotency));
  await app.register(opsDashboardRoutes(dashboard, ops));
  registerSandboxGuard(app, config.sandbox);
  if (!config.google || !config.facebook) await app.register(sandboxOAuthRoutes(config, db));
  if (!config.smtpUrl) await app.register(sandboxMailRoutes(db));
  if (config.daraja.sandbox) await app.register(sandboxDarajaRoutes(config, db, { clock }));
  if (config.paystack.sandbox) await app.register(sandboxPaystackRoutes(config, db, { clock }));
  if (config.airtime.sandbox) await app.register(sandboxAirtimeRoutes(config, db, { clock }));
  // The dashboard's first banner, the largest thing it paints, is asked for with its HTML.
  // A signed-in player's first screen carries its access token (ADR 0040).
  await registerWebApp(
    app,
    config.webDistDir,
    {
      '/dashboard': async (language) =>
        (await content.listEvents(language === 'sw' ? 'sw' : 'en'))
          .slice(0, 1)
          .map((event) => event.eventBannerUrl),
    },
    pageAccessToken(auth, config),
  );
  // onClose hooks run last-registered first, after the listener has closed (SIGTERM, docs/operations.md):
  // registered last, this one lets the jobs in hand finish before anything they use is closed.
  app.addHook('onClose', async () => {
    await (jobsStopped ?? jobs.stop());
  });
  return app;
}
