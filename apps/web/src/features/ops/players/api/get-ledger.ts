import type { LedgerEntry } from '@playon/shared/ops-players';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';
import { playerPath } from './player-path';

/** GET /api/ops/players/:uid/ledger: every entry that moved the player's wallet. */
export function getLedger(uid: string, query: ListQuery) {
  return opsGet<Page<LedgerEntry>>(`${playerPath(uid)}/ledger`, query);
}

export const ledgerQuery = (uid: string) => (list: ListQuery) =>
  queryOptions({ queryKey: opsKeys.players.ledger(uid, list), queryFn: () => getLedger(uid, list) });
