import type { PlayerReport, PlayerTournament } from '@playon/shared/ops-players';
import { EmptyState } from '../../../../components/ui/empty-state';
import { LoadError } from '../../../../components/ui/load-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import { EmailText } from '../../components/email-text';
import { formatWhen } from '../../components/format';
import { PagedList } from '../../components/paged-list';
import { playerReportsQuery } from '../api/get-player-reports';
import { usePlayerSubscriptions } from '../api/get-player-subscriptions';
import { playerTournamentsQuery } from '../api/get-player-tournaments';

/** The tournaments the player scored in: best, place and prize. */
export function TournamentList({ uid }: { uid: string }) {
  return (
    <PagedList<PlayerTournament>
      query={playerTournamentsQuery(uid)}
      rowKey={(entry) => String(entry.tournamentId)}
      searchLabel="Search by tournament"
      emptyText="No tournament score yet."
      columns={[
        { header: 'Tournament', cell: (entry) => <span className="font-medium">{entry.name}</span> },
        { header: 'Runs', cell: (entry) => `${formatWhen(entry.starts)} – ${formatWhen(entry.ends)}` },
        { header: 'Best', cell: (entry) => entry.points.toLocaleString('en-GB') },
        { header: 'Place', cell: (entry) => entry.rank },
        { header: 'Prize', cell: (entry) => entry.award ?? '—' },
      ]}
    />
  );
}

/** What the player sent through 'Drop us a line'. */
export function ReportList({ uid }: { uid: string }) {
  return (
    <PagedList<PlayerReport>
      query={playerReportsQuery(uid)}
      rowKey={(report) => report.id}
      searchLabel="Search by subject or message"
      emptyText="No feedback from this player."
      columns={[
        { header: 'When', cell: (report) => formatWhen(report.createdAt) },
        { header: 'Subject', cell: (report) => <span className="font-medium">{report.subject}</span> },
        {
          header: 'Message',
          cell: (report) => <span className="whitespace-pre-line">{report.message}</span>,
        },
        { header: 'Reply to', cell: (report) => <EmailText email={report.email} /> },
      ]}
    />
  );
}

/** One line per package the player bought: at most one per package, so never long. */
export function SubscriptionList({ uid }: { uid: string }) {
  const list = usePlayerSubscriptions(uid);
  if (list.isError) return <LoadError onRetry={() => void list.refetch()} text={list.error.message} />;
  if (!list.data) return <Skeleton className="h-24 w-full rounded-xl" />;
  if (list.data.length === 0) return <EmptyState icon="star" text="No subscription bought yet." />;
  return (
    <ul className="divide-y divide-line rounded-xl ring-1 ring-line">
      {list.data.map((subscription) => (
        <li
          key={subscription.id}
          className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm"
        >
          <span className="font-medium">{subscription.subscriptionPackage.name}</span>
          <span className="text-muted">
            {formatWhen(subscription.startsAt)} – {formatWhen(subscription.expiresAt)}
          </span>
          <span className={subscription.expired ? 'text-muted' : 'text-ok'}>
            {subscription.expired ? 'Expired' : 'Active'}
          </span>
        </li>
      ))}
    </ul>
  );
}
