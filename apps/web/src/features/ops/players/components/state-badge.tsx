import type { PlayerListItem } from '@playon/shared/ops-players';

const looks: Record<PlayerListItem['state'], { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-ok/15 text-ok' },
  disabled: { label: 'Disabled', className: 'bg-danger/15 text-danger' },
  deleted: { label: 'Deleted', className: 'bg-line text-muted' },
};

/** An account's state at a glance, with its operator role when it has one. */
export function StateBadge({ state, role }: Pick<PlayerListItem, 'state' | 'role'>) {
  const look = looks[state];
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${look.className}`}>{look.label}</span>
      {role === 'player' ? null : (
        <span className="rounded-full bg-brand/20 px-2 py-0.5 text-xs font-medium">{role}</span>
      )}
    </span>
  );
}
