import { type JobQueue, RunAgainLater } from './index.ts';

/**
 * A durable job that runs every `everyMs`: one row per cluster (its kind is its key), which
 * reschedules itself after each run; a failed run is retried with the queue's backoff.
 */
export async function scheduleRecurring(
  queue: JobQueue,
  kind: string,
  everyMs: number,
  work: () => Promise<void>,
) {
  queue.register(kind, async () => {
    await work();
    throw new RunAgainLater(everyMs, 'recurring');
  });
  await queue.enqueue(kind, {}, { key: kind });
}
