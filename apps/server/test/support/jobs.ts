import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/platform/db.ts';
import type { JobQueue } from '../../src/platform/jobs/index.ts';
import { jobs } from '../../src/platform/jobs/schema.ts';

/**
 * Makes the waiting jobs of `kind` due now and runs them on `queue` (whose handlers they need), as the
 * worker would once their time came. `attempts` pretends they already ran that many times.
 */
export async function runJobsNow(
  db: Db,
  queue: JobQueue,
  kind: string,
  options: { attempts?: number } = {},
): Promise<number> {
  await db
    .update(jobs)
    .set({
      runAt: sql`now()`,
      lockedUntil: null,
      ...(options.attempts === undefined ? {} : { attempts: options.attempts }),
    })
    .where(eq(jobs.kind, kind));
  let ran = 0;
  for (let n = await queue.runDue(100); n > 0; n = await queue.runDue(100)) {
    ran += n;
    // A handler that asked to run again later is not due again now.
    if (ran > 1000) break;
  }
  return ran;
}
