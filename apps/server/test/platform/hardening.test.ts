import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_PRUNE_JOB } from '../../src/platform/idempotency/index.ts';
import { idempotencyKeys } from '../../src/platform/idempotency/schema.ts';
import { jobs } from '../../src/platform/jobs/schema.ts';
import { loggerOptions, redactUrl } from '../../src/platform/logger.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { runJobsNow } from '../support/jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('request logs', () => {
  it('never carry a token from a URL', async () => {
    expect(redactUrl('/ws?token=eyJabc.def')).toBe('/ws?token=[redacted]');
    expect(redactUrl('/cb?code=1&access_token=x&state=2')).toBe('/cb?code=1&access_token=[redacted]&state=2');
    expect(redactUrl('/api/wallets/list')).toBe('/api/wallets/list');

    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = loggerOptions({ ...t.config, logLevel: 'info' });
    const app = Fastify({ logger: { ...(logger as object), stream } });
    app.get('/ws', async () => 'ok');
    await app.inject({ method: 'GET', url: '/ws?token=secret-access-token' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/ws?token=[redacted]');
    expect(log).not.toContain('secret-access-token');
  });
});

describe('Idempotency-Key rows', () => {
  it('are pruned after 24 hours by a recurring durable job', async () => {
    await t.database.db.execute(sql`
      insert into idempotency_keys (player_uid, key, request_hash, created_at) values
        ('prune-player', 'old-key-123456', 'h', now() - interval '25 hours'),
        ('prune-player', 'new-key-123456', 'h', now() - interval '23 hours')`);
    expect(await runJobsNow(t.database.db, t.app.jobs, IDEMPOTENCY_PRUNE_JOB)).toBeGreaterThan(0);
    const left = await t.database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.playerUid, 'prune-player'));
    expect(left).toEqual([{ key: 'new-key-123456' }]);
    // It stays scheduled, about an hour from now.
    const [job] = await t.database.db.select().from(jobs).where(sql`${jobs.kind} = ${IDEMPOTENCY_PRUNE_JOB}`);
    expect(job?.runAt.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a dropped database connection', () => {
  it('is logged, not fatal, and the next query gets a new one', async () => {
    const errors: string[] = [];
    t.database.setLogger({ error: (_obj, msg) => errors.push(msg) });
    try {
      await t.database.ping(); // leaves an idle client in the pool
      const location = t.config.database;
      const name = location.kind === 'postgres' ? new URL(location.url).pathname.slice(1) : '';
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const { rows } = await admin.query<{ ended: boolean }>(
        'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      await admin.end();
      // Every idle client the pool held reports its loss: wait for all of them, or the next query may
      // still be handed one whose goodbye has not been read yet.
      const ended = rows.filter((row) => row.ended).length;
      expect(ended).toBeGreaterThan(0);
      const deadline = Date.now() + 15_000;
      while (errors.length < ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(errors).toEqual(Array(ended).fill('database connection lost; the pool will open another'));
      await expect(t.database.ping()).resolves.toBeUndefined();
    } finally {
      t.database.setLogger(t.app.log);
    }
  });
});
