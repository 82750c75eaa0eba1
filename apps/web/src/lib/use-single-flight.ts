import { useCallback, useRef } from 'react';

/**
 * Runs one task at a time: a call while the previous one is still in flight is ignored. A ref, not
 * a pending flag from state, because a second tap can land before React re-renders with that flag.
 */
export function useSingleFlight(): (task: () => Promise<unknown>) => void {
  const isInFlight = useRef(false);
  return useCallback((task: () => Promise<unknown>) => {
    if (isInFlight.current) return;
    isInFlight.current = true;
    task()
      .catch(() => undefined)
      .finally(() => {
        isInFlight.current = false;
      });
  }, []);
}
