import type { Tournament } from '@playon/shared/tournaments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/tournaments: every tournament, by start. */
export async function getTournaments(): Promise<Tournament[]> {
  return (await apiRequest<Tournament[]>('/tournaments')).payload;
}

export const tournamentsQuery = () =>
  queryOptions({ queryKey: ['tournaments', 'list'], queryFn: getTournaments, staleTime: 60_000 });

export function useTournaments() {
  return useQuery(tournamentsQuery());
}
