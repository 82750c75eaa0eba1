import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createJobQueue,
  DEFAULT_MAX_ATTEMPTS,
  LEASE_LAPSED_ERROR,
  RunAgainLater,
} from '../../src/platform/jobs/index.ts';
import { jobs } from '../../src/platform/jobs/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { eventually } from '../support/payments.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = (kind: string) => t.database.db.select().from(jobs).where(eq(jobs.kind, kind));
const makeDue = (kind: string) =>
  t.database.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(jobs.kind, kind));
const leaseLapses = (kind: string) =>
  t.database.db
    .update(jobs)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(jobs.kind, kind));

/** A logger whose lines the test reads, as an operator reads the server's log. */
function recordingLog() {
  const lines: { level: number; msg: string; job?: { kind: string } }[] = [];
  const app = Fastify({
    logger: {
      level: 'info',
      stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    },
  });
  const deadLines = (kind: string) =>
    lines.filter(
      (line) => line.level === 50 && line.msg.startsWith('job is dead') && line.job?.kind === kind,
    );
  return { log: app.log, deadLines };
}

describe('a durable job that keeps failing', () => {
  it('stops after its kind’s maximum of failures, dead with its last error, logged once', async () => {
    const { log, deadLines } = recordingLog();
    const queue = createJobQueue(t.database.db, log);
    let calls = 0;
    queue.register(
      'test.poison',
      async () => {
        calls += 1;
        throw new Error(`provider down (${calls})`);
      },
      { maxAttempts: 3 },
    );
    await queue.enqueue('test.poison', { order: 42 });
    for (let run = 0; run < 5; run += 1) {
      await makeDue('test.poison');
      await queue.runDue();
    }
    expect(calls).toBe(3);
    const [row] = await rows('test.poison');
    expect(row?.deadAt).not.toBeNull();
    expect(row).toMatchObject({
      attempts: 3,
      failures: 3,
      lastError: 'provider down (3)',
      lockedUntil: null,
    });
    expect(deadLines('test.poison')).toHaveLength(1);

    const dead = (await queue.listDeadJobs()).filter((job) => job.kind === 'test.poison');
    expect(dead).toEqual([
      expect.objectContaining({
        id: row?.id,
        payload: { order: 42 },
        attempts: 3,
        failures: 3,
        lastError: 'provider down (3)',
        deadAt: row?.deadAt,
      }),
    ]);
  });

  it('runs again once an operator retries it, and is gone when it then succeeds', async () => {
    const { log } = recordingLog();
    const queue = createJobQueue(t.database.db, log);
    let healthy = false;
    let calls = 0;
    queue.register(
      'test.retried',
      async () => {
        calls += 1;
        if (!healthy) throw new Error('provider down');
      },
      { maxAttempts: 1 },
    );
    await queue.enqueue('test.retried', {});
    await queue.runDue();
    const [dead] = await rows('test.retried');
    expect(dead?.deadAt).not.toBeNull();

    healthy = true;
    await queue.retryDeadJob(dead?.id ?? 0);
    const [requeued] = await rows('test.retried');
    expect(requeued).toMatchObject({ deadAt: null, failures: 0, lockedUntil: null });
    expect(requeued && requeued.runAt.getTime() <= Date.now() + 1000).toBe(true);
    await queue.runDue();
    expect(calls).toBe(2);
    expect(await rows('test.retried')).toEqual([]);
    expect((await queue.listDeadJobs()).some((job) => job.id === dead?.id)).toBe(false);
  });

  it('cannot retry a job that is not dead', async () => {
    const queue = createJobQueue(t.database.db, recordingLog().log);
    queue.register('test.alive', async () => {});
    await queue.enqueue('test.alive', {}, { delayMs: 60_000 });
    const [alive] = await rows('test.alive');
    await expect(queue.retryDeadJob(alive?.id ?? 0)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(queue.retryDeadJob(-1)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('dies after the default maximum when its kind sets none', async () => {
    const { log, deadLines } = recordingLog();
    const queue = createJobQueue(t.database.db, log);
    queue.register('test.default', async () => {
      throw new Error('still broken');
    });
    await queue.enqueue('test.default', {});
    // It already failed all but one of its tries.
    await t.database.db
      .update(jobs)
      .set({ failures: DEFAULT_MAX_ATTEMPTS - 2 })
      .where(eq(jobs.kind, 'test.default'));
    await queue.runDue();
    expect((await rows('test.default'))[0]?.deadAt).toBeNull();
    await makeDue('test.default');
    await queue.runDue();
    expect((await rows('test.default'))[0]).toMatchObject({ failures: DEFAULT_MAX_ATTEMPTS });
    expect(deadLines('test.default')).toHaveLength(1);
  });

  it('is dead too when its worker died with it each time, without running it once more', async () => {
    const { log, deadLines } = recordingLog();
    let started = 0;
    // Each worker "dies" holding the job: its handler never finishes, like a killed process.
    const dyingWorker = () => {
      const queue = createJobQueue(t.database.db, log);
      queue.register(
        'test.crashing',
        () => {
          started += 1;
          return new Promise(() => {});
        },
        { maxAttempts: 2 },
      );
      return queue;
    };
    await dyingWorker().enqueue('test.crashing', {});
    void dyingWorker().runDue();
    await eventually(
      async () => started,
      (n) => n === 1,
    );
    await leaseLapses('test.crashing');
    void dyingWorker().runDue();
    await eventually(
      async () => started,
      (n) => n === 2,
    );
    await leaseLapses('test.crashing');
    expect(await dyingWorker().runDue()).toBe(1);
    expect(started).toBe(2);
    const [row] = await rows('test.crashing');
    expect(row?.deadAt).not.toBeNull();
    expect(row).toMatchObject({ failures: 2, lastError: LEASE_LAPSED_ERROR });
    expect(deadLines('test.crashing')).toHaveLength(1);
  });

  it('never dies of asking to run again later: that is not a failure', async () => {
    const queue = createJobQueue(t.database.db, recordingLog().log);
    let calls = 0;
    queue.register(
      'test.waiting',
      async () => {
        calls += 1;
        throw new RunAgainLater(60_000, 'outcome not known yet');
      },
      { maxAttempts: 2 },
    );
    await queue.enqueue('test.waiting', {});
    for (let run = 0; run < 4; run += 1) {
      await makeDue('test.waiting');
      await queue.runDue();
    }
    expect(calls).toBe(4);
    expect((await rows('test.waiting'))[0]).toMatchObject({ deadAt: null, failures: 0, attempts: 4 });
  });
});
