import type { AuditEntry } from '@playon/shared/ops';
import { formatChange } from './format';

interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What an entry changed, field by field (price 10 → 15); fields equal on both sides are left out. */
export function fieldChanges(entry: Pick<AuditEntry, 'before' | 'after'>): FieldChange[] {
  const before = isRecord(entry.before) ? entry.before : {};
  const after = isRecord(entry.after) ? entry.after : {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .map((field) => ({ field, before: before[field], after: after[field] }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
}

/** An entry's change: a one-line summary that opens onto each field's before and after. */
export function AuditChange({ entry }: { entry: AuditEntry }) {
  const changes = fieldChanges(entry);
  if (changes.length === 0) return <span className="text-muted">—</span>;
  const [first] = changes;
  const summary =
    changes.length === 1 && first
      ? `${first.field}: ${formatChange(first.before)} → ${formatChange(first.after)}`
      : `${changes.length} fields: ${changes.map((change) => change.field).join(', ')}`;
  return (
    <details>
      <summary className="cursor-pointer font-mono text-xs break-all">{summary}</summary>
      <table className="mt-2 text-xs">
        <thead className="text-muted">
          <tr>
            <th className="pr-3 text-left font-medium">Field</th>
            <th className="pr-3 text-left font-medium">Before</th>
            <th className="text-left font-medium">After</th>
          </tr>
        </thead>
        <tbody className="font-mono">
          {changes.map((change) => (
            <tr key={change.field}>
              <td className="pr-3 align-top">{change.field}</td>
              <td className="pr-3 align-top break-all">{formatChange(change.before)}</td>
              <td className="align-top break-all">{formatChange(change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
