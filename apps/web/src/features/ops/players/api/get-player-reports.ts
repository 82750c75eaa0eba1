import type { PlayerReport } from '@playon/shared/ops-players';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';
import { playerPath } from './player-path';

/** GET /api/ops/players/:uid/reports: what the player sent through 'Drop us a line'. */
export function getPlayerReports(uid: string, query: ListQuery) {
  return opsGet<Page<PlayerReport>>(`${playerPath(uid)}/reports`, query);
}

export const playerReportsQuery = (uid: string) => (list: ListQuery) =>
  queryOptions({ queryKey: opsKeys.players.reports(uid, list), queryFn: () => getPlayerReports(uid, list) });
