const tones: Record<string, string> = {
  COMPLETED: 'bg-ok/15 text-ok',
  ERROR: 'bg-danger/15 text-danger',
  CANCELLED: 'bg-raised text-muted',
  PENDING: 'bg-accent/15 text-accent',
  IN_PROGRESS: 'bg-accent/15 text-accent',
};

/** A payment's status, coloured: settled, failed, or still open. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tones[status] ?? 'bg-raised text-muted'}`}
    >
      {status.replace('_', ' ')}
    </span>
  );
}
