// `npm run operator -- dead-jobs` and `npm run operator -- retry-job <id> --reason "<why>"`: the dead
// jobs (ADR 0017) an alert names, listed and requeued from the command line, each retry audited.
import type { Actor, AuditLog } from './modules/operator/service.ts';
import type { Db } from './platform/db.ts';
import { listDeadJobs, retryDeadJob } from './platform/jobs/dead.ts';

/** One line per dead job, newest first: id, kind, failures, when it died and its last error. */
export async function printDeadJobs(db: Db, write: (line: string) => void) {
  const dead = await listDeadJobs(db);
  if (dead.length === 0) write('No job is dead.');
  for (const job of dead) {
    const lastError = (job.lastError ?? '').replace(/\s+/g, ' ').slice(0, 200);
    write(`${job.id}\t${job.kind}\t${job.failures} failures\t${job.deadAt.toISOString()}\t${lastError}`);
  }
}

/** Makes a dead job due now with its failures forgotten, and writes why in the audit log, together. */
export async function retryDeadJobAudited(db: Db, audit: AuditLog, actor: Actor, id: number, reason: string) {
  await db.transaction(async (tx) => {
    await retryDeadJob(tx, id);
    await audit.record(tx, actor, {
      action: 'jobs.retry-dead',
      targetType: 'job',
      targetId: String(id),
      reason,
      before: { dead: true },
      after: { dead: false, failures: 0 },
    });
  });
}
