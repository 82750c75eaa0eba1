import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsKeys } from '../../api/query-keys';
import { getGames } from './get-games';

/** Every game at once (a hundred is more than PlayOn holds), for a tournament's game select. */
export const allGamesQuery = () =>
  queryOptions({
    queryKey: opsKeys.content.allGames(),
    queryFn: () => getGames({ q: '', page: 1, pageSize: 100 }),
  });

export function useAllGames() {
  return useQuery(allGamesQuery());
}
