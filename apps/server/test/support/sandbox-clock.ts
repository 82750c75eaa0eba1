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
