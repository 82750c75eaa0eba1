// The rush's stack as production runs it, on this machine alone and on loopback only (ADR 0048):
// a private PostgreSQL and Redis, the sandbox providers in a process of their own, PlayOn instances
// configured as for real providers, and nginx in front with the config from deploy/nginx.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import webPush from 'web-push';
import {
  SANDBOX_AIRTIME,
  SANDBOX_DARAJA,
  SANDBOX_PAYSTACK_SECRET_KEY,
} from '../../apps/server/src/platform/config.ts';
import type { RushDaraja } from './options.ts';
import { createPostgres, type PrivatePostgres } from './postgres.ts';
import {
  answersOk,
  baseEnv,
  finished,
  freePort,
  isRunning,
  spawnLogged,
  stopChild,
  waitUntil,
} from './processes.ts';
import { createRedis, type PrivateRedis } from './redis.ts';
import type { RushStack } from './types.ts';

export const repo = resolve(import.meta.dirname, '../..');
/** A pool per instance (the server's POOL_MAX), the one-shot migration's and the checks' headroom. */
const CONNECTIONS_PER_INSTANCE = 30;
/** An open payment's first look at its provider (reconciliation), after its callback had this long. */
export const RECONCILE_AFTER_MS = 10_000;
/** The sandbox's payouts complete this soon, and its STK callbacks no sooner (then spread, RushDaraja). */
const SANDBOX_PAYMENT_DELAY_MS = '300';

export interface RushInstance {
  index: number;
  port: number;
  url: string;
  dataDir: string;
  /** The tree it runs from: the repository, or a new version's (faults: rolling-deploy). */
  root: string;
  child?: ChildProcess;
}

export interface RunningStack extends RushStack {
  instances: RushInstance[];
  postgres: PrivatePostgres;
  redis: PrivateRedis;
  nginx(): ChildProcess | undefined;
  sandbox(): ChildProcess | undefined;
  /** Starts `instance` from its root (same port, same DATA_DIR); resolves once /api/ready says 200. */
  startInstance(instance: RushInstance): Promise<void>;
  /** The one-shot `migrate.ts` of the tree at `root`, as a deploy runs it before its instances. */
  migrate(root: string): Promise<void>;
  /** Stops everything started; safe to call twice. */
  stop(): Promise<void>;
  /** Removes the run directory and the data it holds (after stop(), for a run that passed). */
  removeData(): void;
}

export interface StackOptions {
  instances: number;
  runDir: string;
  /** Instance 0 runs with --cpu-prof, writing to `<runDir>/profiles` when it exits. */
  cpuProfile: boolean;
  daraja: RushDaraja;
}

export async function startRushStack(options: StackOptions): Promise<RunningStack> {
  const { runDir } = options;
  mkdirSync(runDir, { recursive: true });
  const [balancerPort, redisPort, postgresPort, sandboxPort, ...instancePorts] = await Promise.all(
    Array.from({ length: 4 + options.instances }, freePort),
  );
  const balancerUrl = `http://127.0.0.1:${balancerPort}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const secrets = {
    betterAuthSecret: randomBytes(32).toString('base64url'),
    mpesaCallbackSecret: randomBytes(32).toString('base64url'),
  };
  const instances: RushInstance[] = instancePorts.map((port, index) => ({
    index,
    port: port as number,
    url: `http://127.0.0.1:${port}`,
    dataDir: join(runDir, `instance-${index}`),
    root: repo,
  }));
  let sandbox: ChildProcess | undefined;
  let nginx: ChildProcess | undefined;
  let postgres: PrivatePostgres | undefined;
  const redis = createRedis(runDir, redisPort as number);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await Promise.all(instances.map((instance) => stopChild(instance.child)));
      await Promise.all([stopChild(sandbox), stopChild(nginx), redis.close()]);
      if (postgres?.pid()) await postgres.stop();
    })();
    return stopping;
  };
  // Whatever ends the bench (an exception, Ctrl-C, a bug), no postgres, redis, nginx or node is left.
  const killNow = () => {
    for (const child of [...instances.map((i) => i.child), sandbox, nginx, redis.process()]) {
      if (isRunning(child)) child?.kill('SIGKILL');
    }
    postgres?.stopNow();
  };
  process.once('exit', killNow);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stderr.write(`rush: ${signal}, stopping the stack\n`);
      void stop().finally(() => process.exit(130));
    });
  }

  const vapid = webPush.generateVAPIDKeys();
  const instanceEnv: NodeJS.ProcessEnv = {
    ...baseEnv(),
    HOST: '127.0.0.1',
    PUBLIC_URL: balancerUrl,
    REDIS_URL: redis.url,
    // Every instance signs and reads the same sessions, callback paths and push keys.
    BETTER_AUTH_SECRET: secrets.betterAuthSecret,
    MPESA_CALLBACK_SECRET: secrets.mpesaCallbackSecret,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    // nginx is the one hop in front: X-Forwarded-For names the player's address, for the limits.
    TRUST_PROXY_HOPS: '1',
    RECONCILE_AFTER_MS: String(RECONCILE_AFTER_MS),
    LOG_LEVEL: 'warn',
    DEMO_CONTENT: 'false',
    ...providersAt(sandboxUrl),
  };

  const startInstance = async (instance: RushInstance) => {
    const profile = options.cpuProfile && instance.index === 0;
    const child = spawnLogged(
      runDir,
      `instance-${instance.index}`,
      process.execPath,
      [
        ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${join(runDir, 'profiles')}`] : []),
        join(instance.root, 'apps/server/src/main.ts'),
      ],
      {
        cwd: instance.root,
        env: {
          ...instanceEnv,
          DATABASE_URL: postgres?.url,
          PORT: String(instance.port),
          DATA_DIR: instance.dataDir,
        },
      },
    );
    instance.child = child;
    await waitUntil(`instance ${instance.index} ready`, () => answersOk(`${instance.url}/api/ready`), {
      died: () => (isRunning(child) ? undefined : `instance ${instance.index} exited with ${child.exitCode}`),
    });
  };

  const migrate = async (root: string) => {
    const child = spawnLogged(
      runDir,
      'migrate',
      process.execPath,
      [join(root, 'apps/server/src/migrate.ts')],
      {
        cwd: root,
        env: { ...baseEnv(), DATABASE_URL: postgres?.url },
      },
    );
    await finished(child, 'migrate.ts');
  };

  try {
    // The sandbox and Redis start while initdb runs: the machine's cores are the start-up's limit.
    sandbox = startSandbox(runDir, sandboxPort as number, balancerUrl, options.daraja);
    const sandboxProcess = sandbox;
    [postgres] = await Promise.all([
      createPostgres(
        join(runDir, 'postgres'),
        postgresPort as number,
        CONNECTIONS_PER_INSTANCE * (options.instances + 2) + 20,
      ),
      redis.start(),
    ]);
    await migrate(repo);
    await Promise.all(instances.map(startInstance));
    nginx = spawnLogged(runDir, 'nginx', 'sh', [
      join(repo, 'deploy/nginx/run.sh'),
      join(runDir, 'nginx'),
      `127.0.0.1:${balancerPort}`,
      ...instances.map((instance) => `127.0.0.1:${instance.port}`),
    ]);
    const balancer = nginx;
    await waitUntil('the balancer ready', () => answersOk(`${balancerUrl}/api/ready`), {
      died: () => (isRunning(balancer) ? undefined : `nginx exited with ${balancer.exitCode}`),
    });
    await waitUntil('the sandbox providers ready', () => answersOk(`${sandboxUrl}/api/ready`), {
      died: () =>
        isRunning(sandboxProcess) ? undefined : `the sandbox exited with ${sandboxProcess.exitCode}`,
    });
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    balancerUrl,
    databaseUrl: postgres.url,
    redisUrl: redis.url,
    sandboxUrl,
    sandboxDataDir: join(runDir, 'sandbox'),
    stopSandbox: () => stopChild(sandbox),
    ...secrets,
    sourceAddresses: Array.from({ length: 8 }, (_, i) => `127.0.0.${i + 2}`),
    runDir,
    instances,
    postgres,
    redis,
    nginx: () => nginx,
    sandbox: () => sandbox,
    startInstance,
    migrate,
    stop,
    removeData() {
      postgres?.remove();
      rmSync(runDir, { recursive: true, force: true });
    },
  };
}

/**
 * The instances talk to the sandbox process as to real providers: its published credentials, its
 * address as each provider's base URL. Its callbacks come back through the balancer: Daraja's and
 * airtime's to the URLs PlayOn sends (built on PUBLIC_URL), the card webhook to PAYSTACK_WEBHOOK_URL.
 */
function providersAt(sandboxUrl: string): NodeJS.ProcessEnv {
  return {
    DARAJA_BASE_URL: `${sandboxUrl}/sandbox/daraja`,
    DARAJA_CONSUMER_KEY: SANDBOX_DARAJA.consumerKey,
    DARAJA_CONSUMER_SECRET: SANDBOX_DARAJA.consumerSecret,
    DARAJA_SHORTCODE: SANDBOX_DARAJA.shortCode,
    DARAJA_PASSKEY: SANDBOX_DARAJA.passkey,
    DARAJA_B2C_SHORTCODE: SANDBOX_DARAJA.b2cShortCode,
    DARAJA_INITIATOR_NAME: SANDBOX_DARAJA.initiatorName,
    DARAJA_SECURITY_CREDENTIAL: SANDBOX_DARAJA.securityCredential,
    PAYSTACK_SECRET_KEY: SANDBOX_PAYSTACK_SECRET_KEY,
    PAYSTACK_BASE_URL: `${sandboxUrl}/sandbox/paystack`,
    AIRTIME_CONSUMER_KEY: SANDBOX_AIRTIME.consumerKey,
    AIRTIME_CONSUMER_SECRET: SANDBOX_AIRTIME.consumerSecret,
    AIRTIME_BASE_URL: `${sandboxUrl}/sandbox/airtime`,
  };
}

/** The providers: a PlayOn server of its own (PGlite in its DATA_DIR), outliving any instance. */
function startSandbox(runDir: string, port: number, balancerUrl: string, daraja: RushDaraja): ChildProcess {
  return spawnLogged(runDir, 'sandbox', process.execPath, [join(repo, 'apps/server/src/main.ts')], {
    cwd: repo,
    env: {
      ...baseEnv(),
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: join(runDir, 'sandbox'),
      DEMO_CONTENT: 'false',
      LOG_LEVEL: 'warn',
      SANDBOX_PAYMENT_DELAY_MS,
      SANDBOX_DARAJA_ANSWER_DELAY_MS: String(daraja.answerDelayMs),
      SANDBOX_DARAJA_CALLBACK_DELAY_MAX_MS: String(daraja.callbackDelayMaxMs),
      SANDBOX_DARAJA_SPIKE_ARREST_PER_SECOND: String(daraja.spikeArrestPerSecond),
      PAYSTACK_WEBHOOK_URL: `${balancerUrl}/api/payments/callbacks/card`,
    },
  });
}
