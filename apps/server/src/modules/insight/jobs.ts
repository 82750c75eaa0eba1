import { INSIGHT_REFRESH_EVERY_MS } from '@playon/shared/ops-insight';
import type { JobQueue } from '../../platform/jobs/index.ts';
import { scheduleRecurring } from '../../platform/jobs/recurring.ts';
import { INSIGHT_REFRESH_JOB, INSIGHT_REFRESH_NOW_JOB } from './refresh.ts';

/**
 * The durable jobs of the Insight module (ADR 0067): the refresh every few minutes, one row per
 * cluster, and the one an operator's "Recount now" queues. Both run the same fold, one at a time
 * (the fold takes an advisory lock), so a run repeated changes nothing.
 */
export async function registerInsightJobs(jobs: JobQueue, refresh: () => Promise<unknown>) {
  jobs.register(INSIGHT_REFRESH_NOW_JOB, async () => void (await refresh()));
  await scheduleRecurring(jobs, INSIGHT_REFRESH_JOB, INSIGHT_REFRESH_EVERY_MS, async () => {
    await refresh();
  });
}
