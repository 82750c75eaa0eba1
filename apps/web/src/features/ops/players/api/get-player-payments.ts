import type { PlayerPayment } from '@playon/shared/ops-players';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';
import { playerPath } from './player-path';

/** GET /api/ops/players/:uid/payments: the player's top-ups, subscriptions and withdrawals. */
export function getPlayerPayments(uid: string, query: ListQuery) {
  return opsGet<Page<PlayerPayment>>(`${playerPath(uid)}/payments`, query);
}

export const playerPaymentsQuery = (uid: string) => (list: ListQuery) =>
  queryOptions({
    queryKey: opsKeys.players.payments(uid, list),
    queryFn: () => getPlayerPayments(uid, list),
  });
