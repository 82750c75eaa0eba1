import type { LeaderboardEntry, LeaderboardPage } from '@playon/shared/tournaments';
import { useMemo } from 'react';

/**
 * The loaded pages as one ranking, split into the podium (ranks 1 to 3) and the rest. A score that
 * arrives between two pages pushes rows down, so a player can be on both: the first row wins.
 */
export function useRankedEntries(pages: readonly LeaderboardPage[] | undefined) {
  return useMemo(() => {
    const seen = new Set<string>();
    const entries: LeaderboardEntry[] = [];
    for (const entry of pages?.flatMap((page) => page.content) ?? []) {
      if (seen.has(entry.userId)) continue;
      seen.add(entry.userId);
      entries.push(entry);
    }
    return {
      podium: entries.filter((entry) => entry.rank <= 3),
      rest: entries.filter((entry) => entry.rank > 3),
    };
  }, [pages]);
}
