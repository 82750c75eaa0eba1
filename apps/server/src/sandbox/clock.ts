/**
 * The sandboxes' own time: when a simulated payment completes and when its callback or webhook falls
 * due. The system clock runs them in real time; a test drives a clock of its own
 * (test/support/sandbox-clock.ts), so it can look before and after a delivery without sleeping.
 */
export interface SandboxClock {
  now(): number;
  /** Runs `task` once `ms` of this clock's time have passed; the function returned cancels it. */
  schedule(ms: number, task: () => Promise<void>): () => void;
}

export const systemClock: SandboxClock = {
  now: () => Date.now(),
  schedule(ms, task) {
    const timer = setTimeout(() => void task(), Math.max(0, ms));
    return () => clearTimeout(timer);
  },
};

/** What a sandbox's routes may be given instead of the real thing: how it posts, and its clock. */
export interface SandboxOptions {
  /** Posts callbacks and webhooks (httpFetch unless a test routes them elsewhere). */
  send?: typeof fetch;
  clock?: SandboxClock;
}
