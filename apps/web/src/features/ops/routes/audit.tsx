import type { AuditEntry } from '@playon/shared/ops';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../lib/toast';
import { type AuditFilterValues, auditQuery, downloadAuditCsv, useAuditActions } from '../api/get-audit';
import { AuditChange } from '../components/audit-change';
import { EmailText } from '../components/email-text';
import { formatWhen } from '../components/format';
import { PagedList } from '../components/paged-list';

const fieldClass =
  'h-11 w-full rounded-xl border border-line bg-raised px-3 text-base focus:border-brand focus:outline-none';

/** Where a target opens in the console: a player's page, a payment's timeline; other targets stay text. */
function targetLink(entry: AuditEntry): string | undefined {
  if (!entry.targetId) return undefined;
  if (entry.targetType === 'player' || entry.targetType === 'user') return `/ops/players/${entry.targetId}`;
  if (entry.targetType === 'payment') return `/ops/payments/${entry.targetId}`;
  return undefined;
}

/** The log's filters: operator, action, days (Nairobi) and target. */
function AuditFiltersBar({
  value,
  onChange,
}: {
  value: AuditFilterValues;
  onChange: (next: AuditFilterValues) => void;
}) {
  const actions = useAuditActions();
  const set = (key: keyof AuditFilterValues, next: string) =>
    onChange({ ...value, [key]: next.trim() || undefined });
  const text = (key: 'actor' | 'from' | 'to' | 'target', label: string, type = 'text') => (
    <label className="min-w-0 md:flex-1 md:basis-40">
      <span className="mb-1.5 block text-sm font-medium text-muted">{label}</span>
      <input
        type={type}
        value={value[key] ?? ''}
        onChange={(event) => set(key, event.target.value)}
        className={fieldClass}
      />
    </label>
  );
  return (
    <div className="grid w-full grid-cols-2 items-end gap-3 md:flex md:flex-wrap">
      {text('actor', 'Operator (e-mail)')}
      <div className="min-w-0 md:w-52">
        <label htmlFor="audit-action" className="mb-1.5 block text-sm font-medium text-muted">
          Action
        </label>
        <select
          id="audit-action"
          value={value.action ?? ''}
          onChange={(event) => set('action', event.target.value)}
          className={fieldClass}
        >
          <option value="">Any</option>
          {(actions.data ?? []).map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </div>
      {text('from', 'From (day, Nairobi)', 'date')}
      {text('to', 'To (day, Nairobi)', 'date')}
      {text('target', 'Target id (player uid, payment id)')}
    </div>
  );
}

/**
 * The audit log for an investigation: every operator action and refused attempt, newest first,
 * filtered by who, what, when and on what; a target opens its player or payment; a change opens
 * field by field; the filtered entries download as CSV.
 */
export function Component() {
  const [filters, setFilters] = useState<AuditFilterValues>({});
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      const { truncated } = await downloadAuditCsv(filters);
      if (truncated)
        showToast('The CSV holds the newest 10,000 entries: narrow the filters for the rest.', 'info');
    } catch (error) {
      showToast(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold">Audit log</h1>
        <Button variant="secondary" className="h-10" disabled={downloading} onClick={() => void download()}>
          {downloading ? 'Downloading…' : 'Download CSV'}
        </Button>
      </div>
      <p className="text-sm text-muted">
        Times are Nairobi time. Refused attempts show as operators.refused.
      </p>
      <PagedList<AuditEntry>
        query={auditQuery(filters)}
        rowKey={(entry) => String(entry.id)}
        searchLabel="Search by action, target, operator or reason"
        emptyText="No operator action matches."
        filters={<AuditFiltersBar value={filters} onChange={setFilters} />}
        columns={[
          { header: 'When', cell: (entry) => formatWhen(entry.at) },
          {
            header: 'Who',
            cell: (entry) => (
              <>
                <EmailText className="block" email={entry.actorEmail} />
                <span className="text-xs text-muted">{entry.actorRole}</span>
              </>
            ),
          },
          {
            header: 'What',
            cell: (entry) => {
              const link = targetLink(entry);
              return (
                <>
                  <span className="block font-medium">{entry.action}</span>
                  <span className="text-xs break-all text-muted">
                    {entry.targetType}{' '}
                    {link ? (
                      <Link to={link} className="text-accent">
                        {entry.targetId}
                      </Link>
                    ) : (
                      (entry.targetId ?? '')
                    )}
                  </span>
                </>
              );
            },
          },
          { header: 'Reason', cell: (entry) => entry.reason ?? '—' },
          { header: 'Change', cell: (entry) => <AuditChange entry={entry} /> },
        ]}
      />
    </section>
  );
}
