import type { JobHandler, JobQueue } from '../../platform/jobs/index.ts';

/**
 * The durable jobs of the content module (platform/jobs): one name each, and the one place their
 * handlers are registered. Each part that owns a job exposes its handler; app.ts registers them.
 */

/** Mails an operator's answer to a feedback message once it committed (ops/feedback-actions.ts). */
export const FEEDBACK_ANSWER_MAIL_JOB = 'content.feedback-answer-mail';

/** Each job's handler, from the part that owns it. */
export interface ContentJobHandlers {
  feedbackAnswerMail: JobHandler;
}

/** Registers every content job's handler on the queue (app.ts). */
export function registerContentJobs(jobs: Pick<JobQueue, 'register'>, handlers: ContentJobHandlers) {
  jobs.register(FEEDBACK_ANSWER_MAIL_JOB, handlers.feedbackAnswerMail);
}
