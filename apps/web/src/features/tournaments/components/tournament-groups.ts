import { type Tournament, type TournamentStatus, tournamentStatusAt } from '@playon/shared/tournaments';

export const GROUP_ORDER: readonly TournamentStatus[] = ['UPCOMING', 'ONGOING', 'EXPIRED'];

/**
 * The tournaments by their status at `now` (docs/product.md, "Tournament"); the latest to end first
 * among the expired.
 */
export function groupTournaments(
  tournaments: readonly Tournament[],
  now: number,
): Record<TournamentStatus, Tournament[]> {
  const groups: Record<TournamentStatus, Tournament[]> = { UPCOMING: [], ONGOING: [], EXPIRED: [] };
  for (const tournament of tournaments) groups[tournamentStatusAt(tournament, now)].push(tournament);
  groups.EXPIRED.sort((a, b) => Date.parse(b.ends) - Date.parse(a.ends));
  return groups;
}

/**
 * The next start or end not yet passed at `now`, or null. A boundary equal to `now` still counts: at
 * equality a tournament is upcoming, and it changes group a moment later.
 */
export function nextBoundary(tournaments: readonly Pick<Tournament, 'starts' | 'ends'>[], now: number) {
  let next: number | null = null;
  for (const tournament of tournaments) {
    for (const moment of [Date.parse(tournament.starts), Date.parse(tournament.ends)]) {
      if (moment >= now && (next === null || moment < next)) next = moment;
    }
  }
  return next;
}
