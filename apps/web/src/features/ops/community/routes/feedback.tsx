import { type FeedbackListItem, type FeedbackStatus, feedbackStatuses } from '@playon/shared/ops-community';
import { useNavigate, useSearchParams } from 'react-router';
import { EmailText } from '../../components/email-text';
import { formatWhen } from '../../components/format';
import { PagedList } from '../../components/paged-list';
import { inboxQuery } from '../api/get-inbox';
import { StatusBadge, statusLabels } from '../components/status-badge';

const isStatus = (value: string | null): value is FeedbackStatus =>
  (feedbackStatuses as readonly (string | null)[]).includes(value);

/** The feedback inbox: newest first, by status (the new ones by default), searchable. */
export function Component() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('status');
  const status = asked === 'all' ? undefined : isStatus(asked) ? asked : 'new';
  return (
    <PagedList<FeedbackListItem>
      query={inboxQuery(status)}
      rowKey={(item) => item.id}
      searchLabel="Search by subject, message, e-mail or player uid"
      emptyText={
        status ? `No ${statusLabels[status].toLowerCase()} feedback matches.` : 'No feedback matches.'
      }
      onRowClick={(item) => navigate(`/ops/community/feedback/${item.id}`)}
      filters={
        <label>
          <span className="mb-1.5 block text-sm font-medium text-muted">Status</span>
          <select
            value={status ?? 'all'}
            onChange={(event) => setSearch({ status: event.target.value }, { replace: true })}
            className="h-11 rounded-xl border border-line bg-raised px-3 text-base"
          >
            {feedbackStatuses.map((option) => (
              <option key={option} value={option}>
                {statusLabels[option]}
              </option>
            ))}
            <option value="all">All</option>
          </select>
        </label>
      }
      columns={[
        { header: 'Received', cell: (item) => formatWhen(item.createdAt) },
        {
          header: 'From',
          cell: (item) => (
            <>
              <span className="block font-medium">{item.playerName ?? '—'}</span>
              <EmailText className="text-xs text-muted" email={item.email} />
            </>
          ),
        },
        {
          header: 'Message',
          cell: (item) => (
            <>
              <span className="block font-medium">{item.subject}</span>
              <span className="line-clamp-2 text-xs text-muted">{item.excerpt}</span>
            </>
          ),
        },
        { header: 'Status', cell: (item) => <StatusBadge status={item.status} /> },
        { header: 'Answers', cell: (item) => item.answers },
      ]}
    />
  );
}
