import type { Operator } from '@playon/shared/ops';
import type { ReactNode } from 'react';
import { Link, useOutletContext, useParams, useSearchParams } from 'react-router';
import { LoadError } from '../../../../components/ui/load-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import { opsTabClassName } from '../../components/ops-tabs';
import { ScrollRow } from '../../components/scroll-row';
import { usePlayer } from '../api/get-player';
import { ReportList, SubscriptionList, TournamentList } from '../components/activity-lists';
import { LedgerList } from '../components/ledger-list';
import { PaymentList } from '../components/payment-list';
import { PlayerActions } from '../components/player-actions';
import { PlayerCard } from '../components/player-card';

const tabs: { key: string; label: string; list: (uid: string) => ReactNode }[] = [
  { key: 'ledger', label: 'Ledger', list: (uid) => <LedgerList uid={uid} /> },
  { key: 'payments', label: 'Payments', list: (uid) => <PaymentList uid={uid} /> },
  { key: 'subscriptions', label: 'Subscriptions', list: (uid) => <SubscriptionList uid={uid} /> },
  { key: 'tournaments', label: 'Tournaments', list: (uid) => <TournamentList uid={uid} /> },
  { key: 'reports', label: 'Reports', list: (uid) => <ReportList uid={uid} /> },
];

/**
 * One player: who they are, their money and activity (a tab each, named in the address), and what
 * an operator may do to the account.
 */
export function Component() {
  const { uid = '' } = useParams();
  const player = usePlayer(uid);
  const operator = useOutletContext<Operator>();
  // The tab is in the address (?tab=payments): a link opens it, and Back returns to the tab before.
  const [search, setSearch] = useSearchParams();
  const current = tabs.find((item) => item.key === search.get('tab')) ?? tabs[0];

  return (
    <section className="flex flex-col gap-5">
      <Link to="/ops/players" className="text-sm text-accent">
        ← Players
      </Link>
      {player.isError ? (
        <LoadError onRetry={() => void player.refetch()} text={player.error.message} />
      ) : !player.data ? (
        <Skeleton className="h-48 w-full rounded-xl" />
      ) : (
        <>
          <PlayerCard player={player.data} />
          <PlayerActions player={player.data} role={operator.role} />
          <Link
            to={`/ops/players/data-requests?uid=${encodeURIComponent(uid)}`}
            className="text-sm text-accent"
          >
            This player's data requests (Data Protection Act)
          </Link>
        </>
      )}
      <div className="-mx-4 md:mx-0">
        <ScrollRow>
          <div
            role="tablist"
            aria-label="The player's records"
            className="flex w-max min-w-full gap-1 border-b border-line px-4 md:px-0"
          >
            {tabs.map((item) => (
              <button
                key={item.key}
                id={`player-tab-${item.key}`}
                type="button"
                role="tab"
                aria-selected={item.key === current?.key}
                aria-controls="player-tab-panel"
                onClick={() => setSearch(item.key === 'ledger' ? {} : { tab: item.key })}
                className={`shrink-0 ${opsTabClassName(item.key === current?.key)}`}
              >
                {item.label}
              </button>
            ))}
          </div>
        </ScrollRow>
      </div>
      <div role="tabpanel" id="player-tab-panel" aria-labelledby={`player-tab-${current?.key}`}>
        {current?.list(uid)}
      </div>
    </section>
  );
}
