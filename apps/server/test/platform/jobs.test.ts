import { eq, inArray, Placeholder, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { claimJobs, createJobQueue, RunAgainLater } from '../../src/platform/jobs/index.ts';
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

describe('durable jobs', () => {
  it('runs a due job once and deletes it; a future one waits', async () => {
    const queue = createJobQueue(t.database.db, t.app.log);
    const seen: unknown[] = [];
    queue.register('test.once', async (payload) => {
      seen.push(payload);
    });
    await queue.enqueue('test.once', { n: 1 });
    await queue.enqueue('test.once', { n: 2 }, { delayMs: 60_000 });
    expect(await queue.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await rows('test.once')).toHaveLength(1);
  });

  it('retries a failing job later with backoff, counting attempts', async () => {
    const queue = createJobQueue(t.database.db, t.app.log);
    let calls = 0;
    queue.register('test.flaky', async () => {
      calls += 1;
      if (calls < 3) throw new Error('provider down');
    });
    await queue.enqueue('test.flaky', {});
    await queue.runDue();
    const [afterFirst] = await rows('test.flaky');
    expect(afterFirst?.attempts).toBe(1);
    expect(afterFirst?.lastError).toBe('provider down');
    expect(afterFirst && afterFirst.runAt.getTime() > Date.now()).toBe(true);
    expect(await queue.runDue()).toBe(0); // not due yet
    await makeDue('test.flaky');
    await queue.runDue();
    await makeDue('test.flaky');
    await queue.runDue();
    expect(calls).toBe(3);
    expect(await rows('test.flaky')).toHaveLength(0);
  });

  it('reschedules a job that asks to run again later', async () => {
    const queue = createJobQueue(t.database.db, t.app.log);
    queue.register('test.later', async () => {
      throw new RunAgainLater(30_000, 'not known yet');
    });
    await queue.enqueue('test.later', {});
    await queue.runDue();
    const [row] = await rows('test.later');
    expect(row?.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(row?.lockedUntil).toBeNull();
  });

  it('enqueues a keyed job once', async () => {
    const queue = createJobQueue(t.database.db, t.app.log);
    await queue.enqueue('test.keyed', { a: 1 }, { key: 'reconcile:x' });
    await queue.enqueue('test.keyed', { a: 2 }, { key: 'reconcile:x' });
    expect(await rows('test.keyed')).toHaveLength(1);
  });

  it('survives a worker that died holding a job: the lease lapses and another worker runs it', async () => {
    const dead = createJobQueue(t.database.db, t.app.log);
    dead.register('test.lease', () => new Promise(() => {})); // never finishes, like a killed process
    await dead.enqueue('test.lease', {});
    void dead.runDue();
    const [claimed] = await eventually(
      () => rows('test.lease'),
      ([job]) => Boolean(job?.lockedUntil),
    );
    expect(claimed?.lockedUntil).not.toBeNull();

    const alive = createJobQueue(t.database.db, t.app.log);
    let ran = 0;
    alive.register('test.lease', async () => {
      ran += 1;
    });
    expect(await alive.runDue()).toBe(0); // still leased
    await t.database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.kind, 'test.lease'));
    expect(await alive.runDue()).toBe(1);
    expect(ran).toBe(1);
  });

  it('starts and stops its worker loop', async () => {
    const queue = createJobQueue(t.database.db, t.app.log);
    let ran = 0;
    queue.register('test.loop', async () => {
      ran += 1;
    });
    queue.start({ intervalMs: 20 });
    await queue.enqueue('test.loop', {});
    await eventually(
      async () => ran,
      (count) => count > 0,
    );
    await queue.stop();
    expect(ran).toBe(1);
    expect(await rows('test.loop')).toEqual([]);
  });

  it('runs a job at once when kicked, without waiting for the next tick', async () => {
    const queue = createJobQueue(t.database.db, t.app.log);
    let ran = 0;
    queue.register('test.kick', async () => {
      ran += 1;
    });
    const looked = vi.spyOn(queue, 'runDue');
    queue.start({ intervalMs: 60_000 });
    // The first tick found nothing; the next is a minute away.
    await eventually(
      async () => looked.mock.settledResults.filter((result) => result.type !== 'incomplete').length,
      (count) => count > 0,
    );
    expect(looked.mock.settledResults[0]).toEqual({ type: 'fulfilled', value: 0 });
    await queue.enqueue('test.kick', {});
    queue.kick();
    await eventually(
      async () => ran,
      (count) => count > 0,
    );
    await queue.stop();
    expect(ran).toBe(1);
  });
});

describe('the claim as PostgreSQL plans it', () => {
  /** As many kinds as the server registers, each a parameter of the claim. */
  const planKinds = Array.from({ length: 12 }, (_, n) => `test.plan.${n}`);
  /** The claim's plan once PostgreSQL plans it for any limit, as it does after a few runs prepared. */
  async function genericPlan(limit: number) {
    const { sql: text, params } = claimJobs(t.database.db, planKinds).toSQL();
    const literal = (value: unknown) =>
      value instanceof Placeholder ? String(limit) : `'${String(value).replaceAll("'", "''")}'`;
    return t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare claim_plan as ${text}`));
      const result = await tx.execute(
        sql.raw(`explain execute claim_plan(${params.map(literal).join(', ')})`),
      );
      await tx.execute(sql.raw('deallocate claim_plan'));
      return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    });
  }

  it('reads the jobs it claims by their ids, not the whole table, whatever the limit', async () => {
    // 3,000 waiting, a tenth of them due: planned without its limit, `id in (claim)` read all of them.
    await t.database.db.execute(sql`
      insert into jobs (kind, payload, run_at)
      select 'test.plan.' || (n % 12), '{}'::jsonb,
        now() + case when n <= 300 then interval '-1 minute' else interval '1 hour' end
      from generate_series(1, 3000) as n`);
    await t.database.db.execute(sql`analyze jobs`);
    try {
      const plan = await genericPlan(10);
      expect(plan).toContain('jobs_pkey');
      expect(plan).not.toMatch(/Seq Scan on jobs/);
    } finally {
      await t.database.db.delete(jobs).where(inArray(jobs.kind, planKinds));
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('several workers on PostgreSQL', () => {
  it('share the jobs without running one twice (FOR UPDATE SKIP LOCKED)', async () => {
    const ran: number[] = [];
    const workers = [1, 2, 3, 4].map(() => {
      const queue = createJobQueue(t.database.db, t.app.log);
      queue.register('test.shared', async (payload) => {
        await new Promise((r) => setTimeout(r, 5));
        ran.push(payload.n as number);
      });
      return queue;
    });
    const first = workers[0];
    if (!first) throw new Error('no worker');
    for (let n = 0; n < 100; n++) await first.enqueue('test.shared', { n });
    const drain = async (queue: (typeof workers)[number]) => {
      while ((await queue.runDue(5)) > 0);
    };
    await Promise.all(workers.map(drain));
    expect(ran).toHaveLength(100);
    expect(new Set(ran).size).toBe(100);
  });
});
