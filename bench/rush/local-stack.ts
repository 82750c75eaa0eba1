// One PlayOn server with its in-process sandbox, shaped as a RushStack: for trying the players and
// the checks on a laptop without the rush's own stack (nginx, two instances, a sandbox process).
// The in-process sandbox keeps its records in the PlayOn database, which the checks read instead.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { RushStack } from './types.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startLocalStack(port: number, adminUrl: string, redisUrl: string) {
  const name = `playon_rush_local_${port}`;
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'playon-rush-'));
  const balancerUrl = `http://127.0.0.1:${port}`;
  const betterAuthSecret = 'rush-local-secret-rush-local-secret-0123456';
  const mpesaCallbackSecret = 'rush-local-callback-secret-0123456789';
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: balancerUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redisUrl,
      REDIS_BUS_NAMESPACE: `rush-local-${port}:`,
      RATE_LIMIT_REDIS_NAMESPACE: `rush-local-rl-${port}:`,
      BETTER_AUTH_SECRET: betterAuthSecret,
      MPESA_CALLBACK_SECRET: mpesaCallbackSecret,
      DEMO_CONTENT: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; ; attempt++) {
    if (attempt > 480) throw new Error('the local server did not become healthy in 2 minutes');
    try {
      if ((await fetch(`${balancerUrl}/api/health`)).ok) break;
    } catch {}
    await pause(250);
  }
  const stack: RushStack = {
    balancerUrl,
    databaseUrl: databaseUrl.toString(),
    redisUrl,
    sandboxUrl: `${balancerUrl}/sandbox`,
    sandboxDataDir: join(dataDir, 'no-sandbox-process'),
    stopSandbox: async () => {},
    betterAuthSecret,
    mpesaCallbackSecret,
    sourceAddresses: Array.from({ length: 8 }, (_, i) => `127.0.0.${i + 2}`),
    runDir: dataDir,
  };
  return {
    stack,
    serverPid: server.pid,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
