import { INSIGHT_REFRESH_EVERY_MS } from '@playon/shared/ops-insight';
import {
  createInsightService,
  INSIGHT_REFRESH_JOB,
  INSIGHT_REFRESH_NOW_JOB,
  type InsightService,
} from '../modules/insight/service.ts';
import type { Db } from '../platform/db.ts';
import type { JobQueue } from '../platform/jobs/index.ts';
import { scheduleRecurring } from '../platform/jobs/recurring.ts';

/**
 * The Insight area's service and its jobs (ADR 0067): the recurring refresh every few minutes, and the
 * one an operator's "Recount now" queues. Both run the same fold, one at a time.
 */
export async function wireInsight(db: Db, jobs: JobQueue): Promise<InsightService> {
  const insight = createInsightService(db);
  jobs.register(INSIGHT_REFRESH_NOW_JOB, async () => void (await insight.refresh()));
  await scheduleRecurring(jobs, INSIGHT_REFRESH_JOB, INSIGHT_REFRESH_EVERY_MS, async () => {
    await insight.refresh();
  });
  return insight;
}
