import type {
  AskProviderResultSchema,
  OpsPayment,
  PaymentDetail,
  PaymentsQuery,
  ReconciliationReport,
  RefundRequest,
  RefundResultSchema,
  ResolvedCallbackSchema,
  StatementSavedSchema,
  UnmatchedCallback,
} from '@playon/shared/ops-money';
import type { z } from 'zod';
import { withSessionToken } from '../../../../lib/api-client';
import { ApiError } from '../../../../lib/api-error';
import { API_BASE } from '../../../../lib/api-fetch';
import { opsGet, opsPost, type Page } from '../../api/ops-api';

type ListQuery = { q: string; page: number; pageSize: number };
export type PaymentFilters = Omit<PaymentsQuery, 'q' | 'page' | 'pageSize'>;

/** The console's money area: one fetcher per endpoint, each answering its payload (or message). */
export const moneyApi = {
  payments: (filters: PaymentFilters) => (query: ListQuery) =>
    opsGet<Page<OpsPayment>>('/money/payments', { ...filters, ...query }),
  stuck: (query: ListQuery) => opsGet<Page<OpsPayment>>('/money/payments/stuck', query),
  unmatched: (status: string) => (query: ListQuery) =>
    opsGet<Page<UnmatchedCallback>>('/money/unmatched', { status, ...query }),
  payment: (id: string) => opsGet<PaymentDetail>(`/money/payments/${encodeURIComponent(id)}`),
  reconciliation: (day: string) => opsGet<ReconciliationReport>('/money/reconciliation', { day }),

  askProvider: (id: string) =>
    opsPost<z.infer<typeof AskProviderResultSchema>>(
      `/money/payments/${encodeURIComponent(id)}/ask-provider`,
      {},
    ),
  refund: (id: string, body: RefundRequest) =>
    opsPost<z.infer<typeof RefundResultSchema>>(`/money/payments/${encodeURIComponent(id)}/refund`, body),
  resolve: (callbackId: number, body: { uid: string; reason: string }) =>
    opsPost<z.infer<typeof ResolvedCallbackSchema>>(`/money/unmatched/${callbackId}/resolve`, body),
  uploadStatement: (day: string, csv: string) =>
    opsPost<z.infer<typeof StatementSavedSchema>>('/money/reconciliation/mpesa-statement', { day, csv }),

  /** The day's reconciliation as a CSV file, downloaded on the operator's device. */
  async downloadCsv(day: string) {
    const response = await withSessionToken(async (token) => {
      const answer = await fetch(`${API_BASE}/ops/money/reconciliation/csv?day=${encodeURIComponent(day)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (answer.status === 401)
        throw new ApiError('Please log in again.', { kind: 'http', status: 401, code: 'UNAUTHENTICATED' });
      if (!answer.ok)
        throw new ApiError('The CSV could not be downloaded. Try again.', {
          kind: 'http',
          status: answer.status,
        });
      return answer;
    });
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `playon-reconciliation-${day}.csv`;
    link.click();
    // The click has handed the file to the browser; the address is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  },
};
