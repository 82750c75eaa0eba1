import type { SandboxClock } from '../../src/sandbox/clock.ts';

/**
 * A sandbox clock the test moves: nothing the sandboxes delay happens until `advance` says that much
 * time has passed, and `advance` returns once every task that fell due (and any retry it scheduled
 * within the span) has run to its end. Looking before and after a delivery needs no sleep.
 */
export function createSandboxClock(start = Date.now()) {
  let now = start;
  let sequence = 0;
  const pending: { at: number; order: number; task: () => Promise<void> }[] = [];

  const clock: SandboxClock & {
    advance(ms?: number): Promise<void>;
    /** How many delayed tasks wait for a later time. */
    pending(): number;
  } = {
    now: () => now,

    schedule(ms, task) {
      const entry = { at: now + Math.max(0, ms), order: sequence++, task };
      pending.push(entry);
      return () => {
        const index = pending.indexOf(entry);
        if (index >= 0) pending.splice(index, 1);
      };
    },

    async advance(ms = 0) {
      const until = now + ms;
      for (;;) {
        const due = pending
          .filter((entry) => entry.at <= until)
          .sort((a, b) => a.at - b.at || a.order - b.order)[0];
        if (!due) break;
        pending.splice(pending.indexOf(due), 1);
        now = Math.max(now, due.at);
        await due.task();
      }
      now = until;
    },

    pending: () => pending.length,
  };
  return clock;
}

/**
 * The system's time, watched: the sandboxes deliver when their delay has passed, as they do for a
 * player, and `settled()` resolves once nothing they scheduled is still waiting or being delivered
 * (every callback posted and answered). A test checks that a second callback changed nothing after
 * `settled()`, instead of sleeping and hoping it came.
 */
export function createWatchedSandboxClock() {
  const waiting = new Set<NodeJS.Timeout>();
  const delivering = new Set<Promise<void>>();

  const clock: SandboxClock & { settled(): Promise<void> } = {
    now: () => Date.now(),

    schedule(ms, task) {
      const timer = setTimeout(
        () => {
          waiting.delete(timer);
          const running = task().finally(() => delivering.delete(running));
          delivering.add(running);
        },
        Math.max(0, ms),
      );
      waiting.add(timer);
      return () => {
        clearTimeout(timer);
        waiting.delete(timer);
      };
    },

    async settled() {
      while (waiting.size > 0 || delivering.size > 0) {
        if (delivering.size > 0) await Promise.allSettled([...delivering]);
        else await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
  return clock;
}
