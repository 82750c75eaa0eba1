import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisBus } from '../../src/platform/bus/index.ts';
import { createReadiness, readinessRoutes } from '../../src/platform/readiness.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { freePort } from '../support/payments.ts';

// Liveness (/api/health) and readiness (/api/ready) apart; ready means database, Redis when
// configured, every migration applied, and not shutting down.
let t: TestApp;
let stopping: TestApp;

beforeAll(async () => {
  [t, stopping] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([t.close(), stopping.close()]);
});

describe('readiness', () => {
  it('answers 200 with every check up, without a token and never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      statusCode: 200,
      statusMessage: 'OK',
      payload: {
        database: 'up',
        redis: process.env.TEST_REDIS_URL ? 'up' : 'off',
        migrations: 'up',
        shuttingDown: false,
      },
    });
  });

  it('answers 503 naming the migrations while the database lacks this build’s newest one', async () => {
    const { db } = t.database;
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    const result = await db.execute(
      sql`select hash, created_at from drizzle.__drizzle_migrations where created_at = ${newest}`,
    );
    const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      hash: string;
      created_at: string;
    }[];
    await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${newest}`);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        statusCode: 503,
        statusMessage: 'Not ready: migrations.',
        payload: { database: 'up', migrations: 'down', shuttingDown: false },
      });
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row?.hash}, ${row?.created_at})`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('answers 503 naming Redis when REDIS_URL is set and Redis does not answer, with no address in it', async () => {
    const port = await freePort();
    const redis = createRedisBus(`redis://:hunter2-secret@127.0.0.1:${port}`, t.app.log);
    const readiness = createReadiness({ database: t.database, redis });
    try {
      expect(await readiness.check()).toEqual({
        database: 'up',
        redis: 'down',
        migrations: 'up',
        shuttingDown: false,
      });
      const Fastify = (await import('fastify')).default;
      const { serializerCompiler, validatorCompiler } = await import('fastify-type-provider-zod');
      const probe = Fastify();
      probe.setValidatorCompiler(validatorCompiler);
      probe.setSerializerCompiler(serializerCompiler);
      await probe.register(readinessRoutes(readiness));
      const response = await probe.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json().statusMessage).toBe('Not ready: redis.');
      expect(response.body).not.toContain('hunter2');
      expect(response.body).not.toContain(String(port));
      await probe.close();
    } finally {
      await redis.close();
    }
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const readiness = createReadiness({
      database: {
        ping: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432')),
        migrated: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432')),
      },
      redis: undefined,
    });
    expect(await readiness.check()).toEqual({
      database: 'down',
      redis: 'off',
      migrations: 'down',
      shuttingDown: false,
    });
  });

  it('is not ready from the moment it is told to shut down, while still alive', async () => {
    stopping.app.readiness.shutDown();
    const ready = await stopping.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      statusMessage: 'Not ready: shutting down.',
      payload: { database: 'up', migrations: 'up', shuttingDown: true },
    });
    const alive = await stopping.app.inject({ method: 'GET', url: '/api/health' });
    expect(alive.statusCode).toBe(200);
  });
});
