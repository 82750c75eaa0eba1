import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { configuredProviderOrigins } from './modules/auth/oauth-providers.ts';
import { pageAccessToken } from './modules/auth/routes.ts';
import { createAuthService, registerSignIn } from './modules/auth/service.ts';
import { createChatRoomsOf, createChatService, createFloodLimit } from './modules/chat/service.ts';
import { createContentService, registerContentJobs } from './modules/content/service.ts';
import { createNotificationService, registerNotificationJobs } from './modules/notifications/service.ts';
import { createOpsService, seedDemoAdmin } from './modules/operator/service.ts';
import { registerPaymentJobs } from './modules/payments/service.ts';
import { createProfileService } from './modules/profile/service.ts';
import { createPresence, createRealtime } from './modules/realtime/service.ts';
import { createReferenceService } from './modules/reference/service.ts';
import { createReferralService } from './modules/referrals/service.ts';
import { createSubscriptionService } from './modules/subscriptions/service.ts';
import { createUploadsService } from './modules/uploads/service.ts';
import { createWalletService } from './modules/wallet/service.ts';
import { registerFormBodyParser } from './platform/body-parsers.ts';
import { createBus } from './platform/bus/index.ts';
import { registerCompression } from './platform/compression.ts';
import type { Config } from './platform/config.ts';
import { type Database, openDatabase } from './platform/db.ts';
import { refuseNulCharacters } from './platform/envelope.ts';
import { registerErrorHandler } from './platform/error-handler.ts';
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
import { metricsRoutes } from './platform/metrics.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { createReadiness, type Readiness, readinessRoutes } from './platform/readiness.ts';
import { registerRequestContext, requestIdOptions } from './platform/request-context.ts';
import { registerRateLimit, registerSecurityHeaders } from './platform/security.ts';
import { registerGracefulStop } from './platform/shutdown.ts';
import type { Storage, StorageLocation } from './platform/storage.ts';
import { createLocalStorage } from './platform/storage-local.ts';
import { createS3Storage } from './platform/storage-s3.ts';
import { registerHttpSpans } from './platform/tracing-http.ts';
import { tracingFromConfig } from './platform/tracing-start.ts';
import { registerWebApp } from './platform/web-app.ts';
import type { SandboxClock } from './sandbox/clock.ts';
import { seedContent } from './seed.ts';
import { challengePagePreview } from './wiring/challenge-preview.ts';
import { wireInsight } from './wiring/insight.ts';
import { wireMetrics } from './wiring/metrics.ts';
import { wireOperatorApi } from './wiring/operator.ts';
import { wirePayments } from './wiring/payments.ts';
import { wirePlay } from './wiring/play.ts';
import { registerPlayerApi } from './wiring/player-api.ts';
import { registerSandboxes } from './wiring/sandbox.ts';

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
  const metrics = wireMetrics(app, db, config);

  registerSecurityHeaders(app, configuredProviderOrigins(config));
  await registerCompression(app);
  await registerRateLimit(app, config);
  const mailer = createMailer(config, db);
  const auth = createAuthService({ config, db, mailer, log: app.log });
  // Before any route: every /api route declares who may call it, checked here at onRequest (ADR 0073).
  registerSignIn(app, auth.requirePlayer);
  await registerOpenApi(app, { publicUrl: config.publicUrl, served: config.apiDocs });

  const reference = createReferenceService(db);
  const ops = createOpsService({
    db,
    requirePlayer: auth.requirePlayer,
    identity: auth.identity,
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
  const payments = wirePayments({
    db,
    config,
    metrics,
    wallet,
    subscriptions,
    players: profiles,
    jobs,
    realtime,
    log: app.log,
    notifications,
  });

  const content = createContentService({ db, demoContent: config.demoContent, log: app.log });
  const { games, tournaments, challenges } = await wirePlay(app, {
    db,
    config,
    jobs,
    subscriptions,
    profiles,
    notifications,
    realtime,
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
  const idempotency = createIdempotency(db, { leaseMs: config.idempotencyLeaseMs, log: app.log });
  // The console's Insight figures, folded in by their own job (ADR 0067).
  const insight = await wireInsight(db, jobs);
  // Every service the modules made, for the player's API and the operator's to serve.
  const services = {
    db,
    config,
    jobs,
    mailer,
    log: app.log,
    auth,
    ops,
    reference,
    profiles,
    referrals,
    chat,
    presence,
    bus,
    realtime,
    storage,
    uploads,
    notifications,
    subscriptions,
    games,
    challenges,
    tournaments,
    content,
    wallet,
    payments,
    idempotency,
    insight,
  };
  await registerPlayerApi(app, services);
  // The operator API (/api/ops): every console area, built on what the modules read for it.
  const operator = wireOperatorApi(services);
  // Each module's jobs, registered where the module lists them (its jobs.ts).
  registerPaymentJobs(jobs, payments.jobHandlers);
  registerNotificationJobs(jobs, { ...notifications.jobHandlers, broadcast: operator.jobHandlers.broadcast });
  registerContentJobs(jobs, { feedbackAnswerMail: operator.jobHandlers.feedbackAnswerMail });
  await app.register(operator.api);
  await registerSandboxes(app, { config, db, clock });
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
    // A challenge link's preview in WhatsApp and SMS: username, score, the game's picture (ADR 0066).
    challengePagePreview(challenges, config.publicUrl),
  );
  // onClose hooks run last-registered first, after the listener has closed (SIGTERM, docs/operations.md):
  // registered last, this one lets the jobs in hand finish before anything they use is closed.
  app.addHook('onClose', async () => {
    await (jobsStopped ?? jobs.stop());
  });
  return app;
}
