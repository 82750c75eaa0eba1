import type { HallOfFameEntry } from '@playon/shared/tournaments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/hall-of-fame: the winners of ranked tournaments, newest first. */
export async function getHallOfFame(): Promise<HallOfFameEntry[]> {
  return (await apiRequest<HallOfFameEntry[]>('/hall-of-fame')).payload;
}

export const hallOfFameQuery = () =>
  queryOptions({ queryKey: ['hall-of-fame'], queryFn: getHallOfFame, staleTime: 60_000 });

export function useHallOfFame() {
  return useQuery(hallOfFameQuery());
}
