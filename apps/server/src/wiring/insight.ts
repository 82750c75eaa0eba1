import {
  createInsightService,
  type InsightService,
  registerInsightJobs,
} from '../modules/insight/service.ts';
import type { Db } from '../platform/db.ts';
import type { JobQueue } from '../platform/jobs/index.ts';

/** The Insight area's service, with its jobs registered (ADR 0067). */
export async function wireInsight(db: Db, jobs: JobQueue): Promise<InsightService> {
  const insight = createInsightService(db);
  await registerInsightJobs(jobs, insight.refresh);
  return insight;
}
