import type { OpsTournament } from '@playon/shared/ops-content';
import { Link, useNavigate } from 'react-router';
import { formatWhen } from '../../components/format';
import { PagedList } from '../../components/paged-list';
import { tournamentsQuery } from '../api/get-tournaments';
import { stateLabels } from '../components/tournament-states';

/** Tournaments: every one, cancelled ones too; a row opens it to edit, cancel or end now. */
export function Component() {
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Link
          to="/ops/content/tournaments/new"
          className="flex h-12 items-center rounded-xl bg-brand px-5 text-base font-semibold text-white"
        >
          New tournament
        </Link>
      </div>
      <PagedList<OpsTournament>
        query={tournamentsQuery}
        rowKey={(cup) => String(cup.id)}
        searchLabel="Search by name"
        emptyText="No tournament matches."
        onRowClick={(cup) => navigate(`/ops/content/tournaments/${cup.id}`)}
        columns={[
          {
            header: 'Tournament',
            cell: (cup) => (
              <>
                <span className="block font-medium">{cup.name}</span>
                <span className="text-xs text-muted">{cup.gameName}</span>
              </>
            ),
          },
          { header: 'State', cell: (cup) => stateLabels[cup.state] },
          {
            header: 'When (Nairobi time)',
            cell: (cup) => (
              <span className="text-xs">
                {formatWhen(cup.starts)} → {formatWhen(cup.ends)}
              </span>
            ),
          },
          { header: 'Players', cell: (cup) => cup.players.toLocaleString('en-GB') },
          {
            header: 'Prizes',
            cell: (cup) =>
              cup.prizes.length === 0 ? '—' : cup.prizes.map((p) => `${p.name}: ${p.packageName}`).join(', '),
          },
        ]}
      />
    </div>
  );
}
