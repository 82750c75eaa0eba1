import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, openSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import webPush from 'web-push';
import { launcher } from './containers.ts';
import { crossStack, type StackInfo } from './ports.ts';

/**
 * The cross-instance stack, built the way a deploy is (deploy/compose.yaml): a fresh PostgreSQL
 * database, `npm run migrate` once, two instances started at once (each with its own port and
 * DATA_DIR, the same secrets), and nginx round-robin in front. With CROSS_IMAGE set, the migration
 * and the instances are containers of that image (e2e/cross/containers.ts). Redis is a private redis-server
 * unless CROSS_REDIS_URL names one: the instances keep the default REDIS_BUS_NAMESPACE, which other
 * suites on this machine use on the shared Redis too. Logs go to the run directory, kept for a failed
 * run.
 */
export default async function startStack(): Promise<() => Promise<void>> {
  const stack = crossStack();
  const repo = resolve(import.meta.dirname, '../..');
  rmSync(stack.runDir, { recursive: true, force: true });
  mkdirSync(stack.runDir, { recursive: true });
  const children: ChildProcess[] = [];
  const logTo = (name: string) => openSync(join(stack.runDir, `${name}.log`), 'w');
  const run = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
    const out = logTo(name);
    return spawn(command, args, { cwd: repo, env: { ...process.env, ...env }, stdio: ['ignore', out, out] });
  };
  /** A service the specs need for the whole run: one that exits early fails the start-up. */
  const start = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
    const child = run(name, command, args, env);
    children.push(child);
    return child;
  };

  const redisUrl = process.env.CROSS_REDIS_URL ?? `redis://127.0.0.1:${stack.redisPort}`;
  if (!process.env.CROSS_REDIS_URL) {
    start('redis', 'redis-server', [
      '--bind',
      '127.0.0.1',
      '--port',
      String(stack.redisPort),
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
  }
  await recreateDatabase(stack.databaseUrl);

  const vapid = webPush.generateVAPIDKeys();
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: stack.databaseUrl,
    REDIS_URL: redisUrl,
    PUBLIC_URL: stack.balancerUrl,
    HOST: '127.0.0.1',
    // Every instance must sign and read the same sessions, callback paths and push keys.
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
    MPESA_CALLBACK_SECRET: stack.mpesaCallbackSecret,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    // nginx is the one hop in front: X-Forwarded-For names the client, for the shared limits.
    TRUST_PROXY_HOPS: '1',
    SIGN_IN_FAILURES_PER_ADDRESS: String(stack.signInFailuresPerAddress),
    // A lost callback is asked about after 10 s: long enough for a spec to answer the prompt or
    // deliver a callback itself first, on a loaded machine.
    RECONCILE_AFTER_MS: '10000',
    // Each request's lines, with its id: request-id.spec.ts finds nginx's id in an instance's log.
    LOG_LEVEL: 'info',
    // As in production: no demo players, tournaments or admin. The laptop's demo admin keeps its
    // password in one instance's DATA_DIR, and two instances seeding it at once collide.
    DEMO_CONTENT: 'false',
  };
  const launch = launcher();
  await finished(launch.migrate(env, logTo('migrate')), 'the migration');
  const instanceChildren = new Map<string, ChildProcess>();
  for (const instance of stack.instances) {
    rmSync(instance.dataDir, { recursive: true, force: true });
    const child = launch.instance(
      instance.name,
      { ...env, PORT: String(instance.port) },
      instance.dataDir,
      logTo(instance.name),
    );
    children.push(child);
    instanceChildren.set(instance.name, child);
  }
  start(
    'nginx',
    'sh',
    [
      'deploy/nginx/run.sh',
      join(stack.runDir, 'nginx'),
      String(stack.balancerPort),
      ...stack.instances.map((i) => `127.0.0.1:${i.port}`),
    ],
    { NGINX_SAY_UPSTREAM: 'on' },
  );
  const stopAll = async () => {
    const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
    for (const child of running.reverse()) child.kill('SIGTERM');
    await Promise.all(running.map(exited));
  };
  const deadline = Date.now() + 180_000;
  try {
    for (const url of [
      ...stack.instances.map((i) => `${i.url}/api/ready`),
      `${stack.balancerUrl}/api/ready`,
    ]) {
      await readyOrThrow(url, deadline, children);
    }
    for (const instance of stack.instances) {
      instance.pid = launch.serverPid(instance.name, instanceChildren.get(instance.name) as ChildProcess);
      launch.checkHealth(instance.name);
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  // The specs read where everything is from here (workers inherit the environment).
  process.env.CROSS_STACK = JSON.stringify(stack satisfies StackInfo);
  return stopAll;
}

async function recreateDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

const exited = (child: ChildProcess) => new Promise<void>((done) => child.once('exit', () => done()));

async function finished(child: ChildProcess, what: string) {
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`${what} exited with ${code} (see its log in the run directory)`);
}

async function readyOrThrow(url: string, deadline: number, children: ChildProcess[]) {
  for (;;) {
    const died = children.find((child) => child.exitCode !== null);
    if (died) {
      throw new Error(
        `${died.spawnargs.join(' ')} exited with ${died.exitCode} before ${url} was ready (its log is in the run directory)`,
      );
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready after 3 minutes`);
    await new Promise((done) => setTimeout(done, 250));
  }
}
