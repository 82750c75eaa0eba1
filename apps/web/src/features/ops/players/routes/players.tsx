import type { PlayerListItem } from '@playon/shared/ops-players';
import { Link, useNavigate } from 'react-router';
import { EmailText } from '../../components/email-text';
import { formatWhen } from '../../components/format';
import { OpsTabs } from '../../components/ops-tabs';
import { PagedList } from '../../components/paged-list';
import { playersSearchQuery } from '../api/search-players';
import { StateBadge } from '../components/state-badge';
import { playersTabs } from './players-tabs';

/** Players: search by name, username, e-mail, phone or uid; a row opens the player. */
export function Component() {
  const navigate = useNavigate();
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">Players</h1>
      <OpsTabs label="Players" tabs={playersTabs} />
      <PagedList<PlayerListItem>
        query={playersSearchQuery}
        rowKey={(player) => player.uid}
        searchLabel="Search by name, username, e-mail, phone or uid"
        emptyText="No player matches."
        onRowClick={(player) => navigate(`/ops/players/${player.uid}`)}
        columns={[
          {
            header: 'Player',
            cell: (player) => (
              <Link
                to={`/ops/players/${player.uid}`}
                onClick={(event) => event.stopPropagation()}
                className="block font-medium text-accent"
              >
                {player.state === 'deleted'
                  ? 'Deleted player'
                  : (player.name ?? player.username ?? player.email)}
                {player.username ? (
                  <span className="block text-xs text-muted">@{player.username}</span>
                ) : null}
              </Link>
            ),
          },
          { header: 'E-mail', cell: (player) => <EmailText email={player.email} /> },
          { header: 'Phone', cell: (player) => player.phone ?? '—' },
          { header: 'State', cell: (player) => <StateBadge state={player.state} role={player.role} /> },
          { header: 'Joined', cell: (player) => formatWhen(player.createdAt) },
        ]}
      />
    </section>
  );
}
