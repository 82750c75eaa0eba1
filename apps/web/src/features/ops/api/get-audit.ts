import type { AuditEntry } from '@playon/shared/ops';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from './ops-request';
import { opsKeys } from './query-keys';

/** GET /api/ops/audit: every operator action, newest first. */
export function getAudit(query: ListQuery) {
  return opsGet<Page<AuditEntry>>('/audit', query);
}

export const auditQuery = (list: ListQuery) =>
  queryOptions({ queryKey: opsKeys.audit(list), queryFn: () => getAudit(list) });
