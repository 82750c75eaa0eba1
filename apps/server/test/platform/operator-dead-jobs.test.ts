import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsAuditLog } from '../../src/modules/operator/schema.ts';
import { listDeadJobs } from '../../src/platform/jobs/dead.ts';
import { createJobQueue } from '../../src/platform/jobs/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { scrapeMetrics, seriesValue } from '../support/metrics.ts';

// The dead-jobs alert's fix, from the command line (docs/runbook.md): list, then retry, audited.
const run = promisify(execFile);
const serverDir = join(import.meta.dirname, '../..');
let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  t = await createTestApp();
  dataDir = mkdtempSync(join(tmpdir(), 'playon-operator-'));
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const operator = (...args: string[]) => {
  const database = t.config.database;
  if (database.kind !== 'postgres') throw new Error('the command line needs PostgreSQL');
  return run(process.execPath, ['src/operator.ts', ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  });
};

describe('npm run operator -- dead-jobs and retry-job', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'lists the dead job the metrics show, and makes it due again with the reason in the audit log',
    async () => {
      const queue = createJobQueue(t.database.db, t.app.log);
      queue.register(
        'test.payout-provider-down',
        async () => {
          throw new Error('provider down');
        },
        { maxAttempts: 1 },
      );
      await queue.enqueue('test.payout-provider-down', {});
      await queue.runDue(10);
      const dead = 'playon_jobs{kind="test.payout-provider-down",state="dead"}';
      expect(seriesValue(await scrapeMetrics(t.app), dead)).toBe(1);

      const listed = await operator('dead-jobs');
      const [line] = listed.stdout.split('\n').filter((l) => l.includes('test.payout-provider-down'));
      expect(line).toContain('provider down');
      const id = line?.split('\t')[0] ?? '';

      const retried = await operator('retry-job', id, '--reason', 'Provider back, payout retried');
      expect(retried.stdout).toBe(`Job ${id} is due again.\n`);
      expect(await listDeadJobs(t.database.db)).toEqual([]);
      const [entry] = await t.database.db.select().from(opsAuditLog).where(eq(opsAuditLog.targetId, id));
      expect(entry).toMatchObject({
        action: 'jobs.retry-dead',
        actorEmail: 'command line',
        reason: 'Provider back, payout retried',
      });

      await expect(operator('retry-job', id)).rejects.toMatchObject({
        stderr: 'There is no dead job with this id.\n',
      });
    },
    60_000,
  );
});
