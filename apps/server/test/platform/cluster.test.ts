import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CRASH_LOOP_MS, clusterRefusal, workerCount } from '../../src/cluster.ts';
import { freePort } from '../support/payments.ts';
import {
  adminUrl,
  databaseUrl,
  dropDatabase,
  recreateDatabase,
  waitForNoSessions,
} from '../support/postgres.ts';

// Cluster mode (ADR 0028): WEB_CONCURRENCY server processes on one machine, a worker that
// dies is replaced, and settings that cannot share work between processes are refused at start.
const base = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const serverDir = fileURLToPath(new URL('../../', import.meta.url));
const dataDirs: string[] = [];
const databases: string[] = [];
const running: ChildProcess[] = [];

afterAll(async () => {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  if (base)
    for (const name of databases) {
      await waitForNoSessions(adminUrl(base), name);
      await dropDatabase(adminUrl(base), name);
    }
});

/** main.ts in a process of its own, with only the variables given (and PATH). */
function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'playon-cluster-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

const until = async (check: () => boolean | Promise<boolean>) => {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
};
const servingPids = (output: string) =>
  [...output.matchAll(/worker (\d+) serving\./g)].map((m) => Number(m[1]));

/** A GET on a connection of its own (no keep-alive), so the cluster may give it to any worker. */
function getOnNewConnection(port: number, path: string) {
  return new Promise<number>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}

async function scrape(port: number) {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The health checks the scrape counts, over every status code. */
const healthRequests = (text: string) =>
  [
    ...text.matchAll(
      /^playon_http_request_duration_seconds_count\{[^}]*route="\/api\/health"[^}]*\} (\d+)$/gm,
    ),
  ]
    .map((match) => Number(match[1]))
    .reduce((sum, count) => sum + count, 0);

describe('how many server processes WEB_CONCURRENCY asks for', () => {
  it('is one unless set, a number as given, one a core for auto, and refuses anything else', () => {
    expect(workerCount(undefined, 8)).toBe(1);
    expect(workerCount(' ', 8)).toBe(1);
    expect(workerCount('3', 8)).toBe(3);
    expect(workerCount('auto', 2)).toBe(2);
    for (const bad of ['0', '-1', 'two', '1.5', '65'])
      expect(() => workerCount(bad, 8)).toThrow(
        'WEB_CONCURRENCY must be a number of server processes from 1 to 64, or auto.',
      );
  });

  it('needs PostgreSQL and Redis for more than one process, and nothing for one', () => {
    const pglite = { kind: 'pglite', dir: './data/db' } as const;
    const postgres = { kind: 'postgres', url: 'postgres://db/playon' } as const;
    expect(clusterRefusal({ database: pglite, redisUrl: undefined }, 1)).toBeUndefined();
    expect(clusterRefusal({ database: pglite, redisUrl: 'redis://r' }, 2)).toContain('needs DATABASE_URL');
    expect(clusterRefusal({ database: postgres, redisUrl: undefined }, 2)).toContain('needs REDIS_URL');
    expect(clusterRefusal({ database: postgres, redisUrl: 'redis://r' }, 2)).toBeUndefined();
  });
});

describe('starting in cluster mode with settings it cannot run on', () => {
  it('refuses the embedded database, naming DATABASE_URL', async () => {
    const server = startServer({ WEB_CONCURRENCY: '2', PORT: String(await freePort()) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      'PlayOn could not start: WEB_CONCURRENCY=2 needs DATABASE_URL (PostgreSQL): the embedded database serves one process. Set WEB_CONCURRENCY=1 or give DATABASE_URL.',
    );
  }, 120_000);

  it.skipIf(!base)(
    'refuses PostgreSQL without Redis, naming REDIS_URL',
    async () => {
      const server = startServer({
        WEB_CONCURRENCY: '2',
        PORT: String(await freePort()),
        DATABASE_URL: databaseUrl(base ?? '', 'playon_cluster_never_opened'),
      });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        'PlayOn could not start: WEB_CONCURRENCY=2 needs REDIS_URL: chat, presence and the rate limits are shared between processes through Redis. Set WEB_CONCURRENCY=1 or give REDIS_URL.',
      );
    },
    120_000,
  );
});

describe.skipIf(!base || !redisUrl)('a cluster of two server processes on PostgreSQL and Redis', () => {
  it('serves from two workers whose metrics one scrape reports together, replaces one that dies, and stops all of them on SIGTERM', async () => {
    const name = `playon_cluster_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    databases.push(name);
    await recreateDatabase(adminUrl(base ?? ''), name);
    const port = await freePort();
    const server = startServer({
      WEB_CONCURRENCY: '2',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl(base ?? '', name),
      REDIS_URL: redisUrl ?? '',
    });
    const healthy = async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
      } catch {
        return false;
      }
    };

    await until(() => new Set(servingPids(server.output())).size === 2);
    const forkedAt = Date.now();
    const [first, second] = servingPids(server.output());
    expect(first).not.toBe(second);
    expect(await healthy()).toBe(true);

    // A scrape reaches one worker and reports both (ADR 0030): 20 requests, each on a connection
    // of its own, which the cluster hands to the workers in turn, all counted in one scrape.
    const before = healthRequests(await scrape(port));
    for (let i = 0; i < 20; i++) expect(await getOnNewConnection(port, '/api/health')).toBe(200);
    expect(healthRequests(await scrape(port)) - before).toBe(20);

    // A worker killed once it has lived past the crash-loop guard is replaced by a new one.
    await until(() => Date.now() - forkedAt > CRASH_LOOP_MS + 1_000);
    process.kill(second ?? 0, 'SIGKILL');
    await until(() => servingPids(server.output()).length === 3);
    const replacement = servingPids(server.output())[2];
    expect([first, second]).not.toContain(replacement);
    expect(server.output()).toContain(`worker ${second} stopped (SIGKILL); starting another.`);
    expect(await healthy()).toBe(true);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await healthy()).toBe(false);
  }, 240_000);
});
