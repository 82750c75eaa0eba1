import type { JobHandler, JobQueue } from '../../platform/jobs/index.ts';

/**
 * The durable jobs of the notifications module (platform/jobs): one name each, and the one place
 * their handlers are registered. Each part that owns a job exposes its handler; app.ts registers them.
 */

/** Pushes one new notification to its player's browsers (delivery.ts). */
export const PUSH_JOB = 'notifications.push';
/** Pushes a notification again to one browser that failed (delivery.ts). */
export const PUSH_RETRY_JOB = 'notifications.push-retry';
/** Pushes a slice of a group of notifications written at once (delivery.ts). */
export const PUSH_GROUP_JOB = 'notifications.push-group';
/** Writes a console broadcast's notifications to its audience (ops/actions.ts). */
export const BROADCAST_JOB = 'notifications.broadcast';

/** Each job's handler, from the part that owns it. */
export interface NotificationJobHandlers {
  push: JobHandler;
  pushRetry: JobHandler;
  pushGroup: JobHandler;
  broadcast: JobHandler;
}

/** Registers every notifications job's handler on the queue (app.ts). */
export function registerNotificationJobs(
  jobs: Pick<JobQueue, 'register'>,
  handlers: NotificationJobHandlers,
) {
  jobs.register(PUSH_JOB, handlers.push);
  jobs.register(PUSH_RETRY_JOB, handlers.pushRetry);
  jobs.register(PUSH_GROUP_JOB, handlers.pushGroup);
  jobs.register(BROADCAST_JOB, handlers.broadcast);
}
