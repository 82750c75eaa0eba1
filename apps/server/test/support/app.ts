import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../../src/app.ts';
import {
  type AirtimeConfig,
  type Config,
  type PaystackConfig,
  parseConfig,
  withLaptopSecrets,
} from '../../src/platform/config.ts';
import { type Database, type DatabaseLocation, openDatabase } from '../../src/platform/db.ts';
import { freePort } from './payments.ts';
import { freshPglite } from './pglite-image.ts';
import { adminUrl, databaseUrl, dropDatabase, recreateDatabase, waitForNoSessions } from './postgres.ts';
import { createWatchedSandboxClock } from './sandbox-clock.ts';

/** A test app's configuration: every payment provider on (their sandboxes, unless a test sets them). */
export type TestConfig = Config & { paystack: PaystackConfig; airtime: AirtimeConfig };

export interface TestApp {
  app: FastifyInstance;
  config: TestConfig;
  /** The app's database, for arranging state no API call can produce. */
  database: Database;
  close(): Promise<void>;
}

/** A fresh, migrated database: in-memory PGlite from the run's image, or a copy of the PostgreSQL template. */
export async function freshDatabase(): Promise<{
  location: DatabaseLocation;
  opened: Database;
  drop(): Promise<void>;
}> {
  const base = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!base || !template) {
    return {
      location: { kind: 'pglite', dir: 'memory://' },
      opened: await freshPglite(),
      drop: async () => {},
    };
  }
  const name = `playon_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await recreateDatabase(adminUrl(base), name, template);
  // Test files run side by side on one server (cores + 1 of them): ten connections each keep a run
  // well under PostgreSQL's default 100 on a laptop, and the concurrency tests still contend for them.
  const location = { kind: 'postgres', url: databaseUrl(base, name), poolMax: 10 } as const;
  return {
    location,
    opened: await openDatabase(location),
    drop: async () => {
      await waitForNoSessions(adminUrl(base), name);
      await dropDatabase(adminUrl(base), name);
    },
  };
}

/** What every test app runs with, in `dataDir`: quiet, no demo content, Redis names of its own. */
export function testSettings(dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'silent',
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    // Each test arranges its own players and tournaments; the demo seed has its own test.
    DEMO_CONTENT: 'false',
    ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    // Test files run side by side from one address: each app counts its own requests, as each
    // deployment sharing a Redis would.
    RATE_LIMIT_REDIS_NAMESPACE: `playon-test-rate-limit:${randomUUID()}:`,
    // Its own bus channels too: another file's tournament or room of the same id is not this one's.
    REDIS_BUS_NAMESPACE: `playon-test-bus:${randomUUID()}:`,
    // A test that awaits inject() after inject() on the embedded database stays in promise callbacks
    // for seconds: the event loop's timers starve, and the load shedder reads an interval with no
    // sample as an overloaded instance (ADR 0052). load-shedding.test.ts sets its own limits.
    LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
  };
}

/**
 * Builds the real app on a fresh database and data directory. `env` adds or overrides variables;
 * `sandboxClock` runs the payment sandboxes on a clock the test drives (sandbox-clock.ts). Every
 * payment provider is on: an `env` that turns one off is for `createTestAppAsConfigured`.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<TestApp> {
  const t = await createTestAppAsConfigured(env, options);
  const { paystack, airtime } = t.config;
  if (!paystack || !airtime) {
    await t.close();
    throw new Error('createTestApp runs every payment provider: use createTestAppAsConfigured');
  }
  return { ...t, config: { ...t.config, paystack, airtime } };
}

/** The real app with the payment providers `env` gives it, some of them possibly off (ADR 0077). */
export async function createTestAppAsConfigured(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<Omit<TestApp, 'config'> & { config: Config }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'playon-test-'));
  const database = await freshDatabase();
  const parsed = parseConfig({ ...testSettings(dataDir), ...env });
  // The secrets a test leaves unset are generated into its own data directory, as on a first boot.
  const config = { ...withLaptopSecrets(parsed), database: database.location };
  const { opened } = database;
  const app = await buildApp(config, { database: opened, ...options });
  return {
    app,
    config,
    database: opened,
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The whole app listening on a real port, so the built-in Daraja, card and airtime sandboxes call it
 * back exactly as the providers would: 20 ms after a payment starts, on a watched clock
 * (`sandbox.settled()` waits until every delivery has been answered); reconciliation looks after
 * 300 ms and the job worker runs.
 */
export async function createPaymentsTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'logStream'> = {},
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const sandbox = createWatchedSandboxClock();
  const t = await createTestApp(
    {
      PORT: String(port),
      PUBLIC_URL: base,
      SANDBOX_PAYMENT_DELAY_MS: '20',
      RECONCILE_AFTER_MS: '300',
      ...env,
    },
    { ...options, sandboxClock: sandbox },
  );
  await t.app.listen({ port, host: '127.0.0.1' });
  t.app.jobs.start({ intervalMs: 100 });
  return { ...t, base, sandbox };
}

export type PaymentsTestApp = Awaited<ReturnType<typeof createPaymentsTestApp>>;
