import type { Tournament } from '@playon/shared/tournaments';
import { useEffect, useState } from 'react';
import { nextBoundary } from './tournament-groups';

// setTimeout holds at most 2^31 - 1 ms (about 24 days); a later boundary is waited for in steps.
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * The time the tournaments' statuses are judged at. It moves on just after each start and end, so a
 * tournament changes group on screen without a reload, and when the tab comes back to the front
 * (a phone's timers sleep in the background).
 */
export function useTournamentClock(tournaments: readonly Pick<Tournament, 'starts' | 'ends'>[]): number {
  const [now, setNow] = useState(Date.now);

  useEffect(() => {
    const next = nextBoundary(tournaments, now);
    if (next === null) return;
    // One millisecond past the boundary: at the boundary itself the status has not changed yet.
    // Counted from when the timer is set, not from the render: an effect may run a frame after it.
    const delay = Math.max(next - Date.now() + 1, 0);
    const timer = setTimeout(() => setNow(Date.now()), Math.min(delay, MAX_DELAY_MS));
    return () => clearTimeout(timer);
  }, [tournaments, now]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') setNow(Date.now());
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  return now;
}
