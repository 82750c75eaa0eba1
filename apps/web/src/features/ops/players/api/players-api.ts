import type {
  AccountStatus,
  DeleteAccountRequest,
  Deletion,
  LedgerEntry,
  PayOut,
  PayOutRequest,
  PlayerDetail,
  PlayerExport,
  PlayerListItem,
  PlayerPayment,
  PlayerReport,
  PlayerTournament,
} from '@playon/shared/ops-players';
import type { UserSubscription } from '@playon/shared/subscriptions';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { opsGet, opsPost, type Page } from '../../api/ops-api';

type ListQuery = { q: string; page: number; pageSize: number };
const of = (uid: string) => `/players/${encodeURIComponent(uid)}`;

/** The console's Players area: one fetcher per endpoint, each answering its payload (or message). */
export const playersApi = {
  search: (query: ListQuery) => opsGet<Page<PlayerListItem>>('/players', query),
  ledger: (uid: string) => (query: ListQuery) => opsGet<Page<LedgerEntry>>(`${of(uid)}/ledger`, query),
  payments: (uid: string) => (query: ListQuery) => opsGet<Page<PlayerPayment>>(`${of(uid)}/payments`, query),
  tournaments: (uid: string) => (query: ListQuery) =>
    opsGet<Page<PlayerTournament>>(`${of(uid)}/tournaments`, query),
  reports: (uid: string) => (query: ListQuery) => opsGet<Page<PlayerReport>>(`${of(uid)}/reports`, query),
  subscriptions: (uid: string) => opsGet<UserSubscription[]>(`${of(uid)}/subscriptions`),

  disable: (uid: string, reason: string) => opsPost<AccountStatus>(`${of(uid)}/disable`, { reason }),
  enable: (uid: string, reason: string) => opsPost<AccountStatus>(`${of(uid)}/enable`, { reason }),
  sendPasswordReset: (uid: string) => opsPost<{ email: string }>(`${of(uid)}/password-reset`, {}),
  exportData: (uid: string, reason: string) => opsPost<PlayerExport>(`${of(uid)}/export`, { reason }),
  deleteAccount: (uid: string, body: DeleteAccountRequest) => opsPost<Deletion>(`${of(uid)}/delete`, body),

  /** Money leaves: one Idempotency-Key per confirmation, so a repeat cannot pay twice. */
  async payOut(uid: string, body: PayOutRequest, idempotencyKey: string) {
    const answer = await apiRequest<PayOut>(`/ops${of(uid)}/pay-out`, {
      method: 'POST',
      json: body,
      headers: { 'Idempotency-Key': idempotencyKey },
    });
    return { message: answer.statusMessage, payload: answer.payload };
  },
};

export const playerQuery = (uid: string) =>
  queryOptions({
    queryKey: ['ops', 'players', uid, 'card'],
    queryFn: () => opsGet<PlayerDetail>(of(uid)),
  });
