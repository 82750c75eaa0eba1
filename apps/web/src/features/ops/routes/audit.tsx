import type { AuditEntry } from '@playon/shared/ops';
import { auditQuery } from '../api/get-audit';
import { formatChange, formatWhen } from '../components/format';
import { PagedList } from '../components/paged-list';

/** The audit log: every operator action, newest first, searchable. */
export function Component() {
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">Audit log</h1>
      <PagedList<AuditEntry>
        query={auditQuery}
        rowKey={(entry) => String(entry.id)}
        searchLabel="Search by action, target, operator or reason"
        emptyText="No operator action matches."
        columns={[
          { header: 'When', cell: (entry) => formatWhen(entry.at) },
          {
            header: 'Who',
            cell: (entry) => (
              <>
                <span className="block">{entry.actorEmail}</span>
                <span className="text-xs text-muted">{entry.actorRole}</span>
              </>
            ),
          },
          {
            header: 'What',
            cell: (entry) => (
              <>
                <span className="block font-medium">{entry.action}</span>
                <span className="text-xs break-all text-muted">
                  {entry.targetType} {entry.targetId ?? ''}
                </span>
              </>
            ),
          },
          { header: 'Reason', cell: (entry) => entry.reason ?? '—' },
          {
            header: 'Before → after',
            cell: (entry) => (
              <span className="font-mono text-xs break-all">
                {formatChange(entry.before)} → {formatChange(entry.after)}
              </span>
            ),
          },
        ]}
      />
    </section>
  );
}
