import type { OpsGame } from '@playon/shared/ops-content';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { PagedList } from '../../components/paged-list';
import { gamesQuery } from '../api/get-games';
import { GameDialog } from '../components/game-dialog';
import { accessLabels } from '../components/game-settings-fields';
import { OutsideGameDialog } from '../components/outside-game-dialog';

/** Games: enable, feature, order, access and score limits; add an outside game by its address. */
export function Component() {
  const [editing, setEditing] = useState<OpsGame | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button onClick={() => setAdding(true)}>Add an outside game</Button>
      </div>
      <PagedList<OpsGame>
        query={gamesQuery}
        rowKey={(game) => String(game.id)}
        searchLabel="Search by name or package id"
        emptyText="No game matches."
        onRowClick={setEditing}
        columns={[
          {
            header: 'Game',
            cell: (game) => (
              <span className="flex items-center gap-3">
                <img src={game.gameIcon} alt="" className="size-10 shrink-0 rounded-lg bg-raised" />
                <span className="min-w-0">
                  <span className="block font-medium">{game.name}</span>
                  <span className="block text-xs break-all text-muted">{game.packageId}</span>
                </span>
              </span>
            ),
          },
          {
            header: 'Shown',
            cell: (game) => (game.enabled ? (game.featured ? 'Yes, featured' : 'Yes') : 'Disabled'),
          },
          { header: 'Who may play', cell: (game) => accessLabels[game.access] },
          { header: 'Order', cell: (game) => game.sortOrder },
          {
            header: 'Limits',
            cell: (game) => `${game.maxPoints.toLocaleString('en-GB')} · ${game.maxPointsPerSecond}/s`,
          },
          {
            header: 'Kind',
            cell: (game) =>
              game.source === 'url' ? 'Outside' : game.scoring === 'replay' ? 'Replayed' : 'Bundled',
          },
        ]}
      />
      {editing ? <GameDialog game={editing} onClose={() => setEditing(null)} /> : null}
      {adding ? <OutsideGameDialog onClose={() => setAdding(false)} /> : null}
    </div>
  );
}
