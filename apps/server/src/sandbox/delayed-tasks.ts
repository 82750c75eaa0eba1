import type { FastifyBaseLogger } from 'fastify';

/**
 * The sandboxes' delayed work (callbacks, webhooks, results sent a while after a payment): run a task
 * after a delay, and on close cancel what has not started and wait for what has.
 */
export function createDelayedTasks(log: FastifyBaseLogger, name: string) {
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();
  let closing = false;

  return {
    later(ms: number, task: () => Promise<unknown>) {
      if (closing) return;
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          const running = task()
            .catch((error: unknown) => log.error({ err: error }, `${name}: a delayed task failed`))
            .finally(() => inFlight.delete(running));
          inFlight.add(running);
        },
        Math.max(0, ms),
      );
      timers.add(timer);
    },

    async close() {
      closing = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}
