import type { DataRequest } from '@playon/shared/ops-data-requests';

const formatDay = (day: string) =>
  new Date(`${day}T12:00:00+03:00`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Africa/Nairobi',
  });

/** What the Act's clock says of a request, in words. */
export function clockText(request: Pick<DataRequest, 'daysLeft' | 'dueOn' | 'status'>) {
  const { daysLeft } = request;
  if (request.status === 'answered' || daysLeft === null)
    return `Answered (was due ${formatDay(request.dueOn)})`;
  if (daysLeft > 1) return `${daysLeft} days left (due ${formatDay(request.dueOn)})`;
  if (daysLeft === 1) return `1 day left (due ${formatDay(request.dueOn)})`;
  if (daysLeft === 0) return 'Due today';
  return `Overdue by ${-daysLeft} ${daysLeft === -1 ? 'day' : 'days'}`;
}

/** The clock as a badge: calm with days to spare, warning on the last two, danger once overdue. */
export function RequestClock({ request }: { request: DataRequest }) {
  const { daysLeft } = request;
  const tone =
    daysLeft === null
      ? 'bg-raised text-muted'
      : daysLeft < 0
        ? 'bg-danger/15 text-danger'
        : daysLeft <= 1
          ? 'bg-accent/15 text-accent'
          : 'bg-raised text-text';
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>
      {clockText(request)}
    </span>
  );
}

export { formatDay };
