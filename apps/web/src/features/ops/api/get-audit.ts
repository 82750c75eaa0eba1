import type { AuditEntry } from '@playon/shared/ops';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { withSessionToken } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { API_BASE } from '../../../lib/api-fetch';
import { type ListQuery, opsGet, type Page } from './ops-request';
import { opsKeys } from './query-keys';

/** The audit log's filters, as the screen holds them (empty ones left out of the request). */
export interface AuditFilterValues {
  actor?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  target?: string | undefined;
}

/** GET /api/ops/audit: every operator action, newest first, filtered. */
export function getAudit(filters: AuditFilterValues, query: ListQuery) {
  return opsGet<Page<AuditEntry>>('/audit', { ...filters, ...query });
}

export const auditQuery = (filters: AuditFilterValues) => (list: ListQuery) =>
  queryOptions({ queryKey: opsKeys.audit(filters, list), queryFn: () => getAudit(filters, list) });

/** GET /api/ops/audit/actions: the actions the log holds, for the filter. */
export function useAuditActions() {
  return useQuery({ queryKey: opsKeys.auditActions(), queryFn: () => opsGet<string[]>('/audit/actions') });
}

/** GET /api/ops/audit/csv: the entries the filters find, as a file on the operator's device. */
export async function downloadAuditCsv(filters: AuditFilterValues & { q?: string }) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  const response = await withSessionToken(async (token) => {
    const answer = await fetch(`${API_BASE}/ops/audit/csv?${search}`, {
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
  const truncated = response.headers.get('x-truncated') === 'true';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'playon-audit.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return { truncated };
}
