import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type SandboxClock, systemClock } from './clock.ts';

/**
 * The sandboxes' delayed work (callbacks, webhooks, results sent a while after a payment): run a task
 * after a delay on the sandbox's clock, and on close cancel what has not started and wait for what has.
 */
export function createDelayedTasks(log: FastifyBaseLogger, name: string, clock: SandboxClock = systemClock) {
  const cancels = new Set<() => void>();
  const inFlight = new Set<Promise<unknown>>();
  let closing = false;

  return {
    later(ms: number, task: () => Promise<unknown>) {
      if (closing) return;
      const cancel = clock.schedule(Math.max(0, ms), () => {
        cancels.delete(cancel);
        const running = task()
          .then(
            () => {},
            (error: unknown) => log.error({ err: error }, `${name}: a delayed task failed`),
          )
          .finally(() => inFlight.delete(running));
        inFlight.add(running);
        return running;
      });
      cancels.add(cancel);
    },

    async close() {
      closing = true;
      for (const cancel of cancels) cancel();
      cancels.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}

/**
 * A sandbox's deliveries run as long as its app: what was owed when the server stopped is sent now,
 * and closing the app stops them.
 */
export async function keepDelivering(
  app: FastifyInstance,
  delivery: { close(): Promise<void>; resumeOwed(): Promise<void> },
) {
  app.addHook('onClose', () => delivery.close());
  await delivery.resumeOwed();
}
