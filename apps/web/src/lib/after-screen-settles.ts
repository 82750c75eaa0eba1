import type { QueryClient } from '@tanstack/react-query';

/** However long the screen's data takes, the work waits no longer than this. */
const LONGEST_WAIT_MS = 10_000;

/**
 * Runs `work` once the screen has what it shows (no query of it still fetching) and the browser has a
 * moment: code fetched ahead for later (the offline screen, the toasts) then waits behind the first
 * screen's code, data and pictures on a slow network instead of sharing it with them.
 * Returns a cancel function.
 */
export function afterScreenSettles(queryClient: QueryClient, work: () => void): () => void {
  let isDone = false;
  let idleHandle: number | undefined;
  const run = () => {
    if (isDone) return;
    isDone = true;
    stop();
    work();
  };
  const whenIdle = () => {
    if (idleHandle !== undefined) return;
    idleHandle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(run, { timeout: 2000 })
        : window.setTimeout(run, 200);
  };
  const check = () => {
    if (queryClient.isFetching() === 0) whenIdle();
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(check);
  const deadline = window.setTimeout(run, LONGEST_WAIT_MS);
  function stop() {
    unsubscribe();
    window.clearTimeout(deadline);
  }
  check();
  return () => {
    if (isDone) return;
    isDone = true;
    stop();
    if (idleHandle === undefined) return;
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idleHandle);
    else window.clearTimeout(idleHandle);
  };
}
