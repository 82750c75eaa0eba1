import type { FeedbackStatus } from '@playon/shared/ops-community';

const styles: Record<FeedbackStatus, string> = {
  new: 'bg-brand/20 text-text ring-brand/50',
  answered: 'bg-ok/15 text-ok ring-ok/40',
  closed: 'bg-raised text-muted ring-line',
};

export const statusLabels: Record<FeedbackStatus, string> = {
  new: 'New',
  answered: 'Answered',
  closed: 'Closed',
};

/** A feedback message's status, in words and colour. */
export function StatusBadge({ status }: { status: FeedbackStatus }) {
  return (
    <span
      className={`inline-flex h-6 items-center rounded-full px-2.5 text-xs font-semibold ring-1 ${styles[status]}`}
    >
      {statusLabels[status]}
    </span>
  );
}
