import type { OpsTvItem } from '@playon/shared/ops-content';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { opsKeys } from '../../api/query-keys';
import { ConfirmWithReason } from '../../components/confirm-with-reason';
import { formatWhen } from '../../components/format';
import { PagedList } from '../../components/paged-list';
import { tvQuery } from '../api/get-tv';
import { removeTv } from '../api/remove-tv';
import { TvDialog } from '../components/tv-dialog';

/** Playon TV: YouTube links with a title and a picture; one is primary. */
export function Component() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<OpsTvItem | 'new' | null>(null);
  const [removing, setRemoving] = useState<OpsTvItem | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing('new')}>New video</Button>
      </div>
      <PagedList<OpsTvItem>
        query={tvQuery}
        rowKey={(item) => String(item.id)}
        searchLabel="Search by title or link"
        emptyText="No video matches."
        onRowClick={setEditing}
        columns={[
          {
            header: 'Picture',
            cell: (item) =>
              item.thumbnailUrl ? (
                <img
                  src={item.thumbnailUrl}
                  alt=""
                  loading="lazy"
                  className="aspect-[853/480] w-20 rounded-lg bg-raised object-cover"
                />
              ) : (
                '—'
              ),
          },
          {
            header: 'Title',
            cell: (item) => <span className="font-medium">{item.title ?? 'Untitled'}</span>,
          },
          { header: 'Link', cell: (item) => <span className="text-xs break-all">{item.channelUrl}</span> },
          { header: 'Primary', cell: (item) => (item.primary ? 'Primary' : '—') },
          { header: 'Added', cell: (item) => formatWhen(item.createdAt) },
        ]}
      />
      {editing ? (
        <TvDialog
          {...(editing === 'new' ? {} : { item: editing })}
          onClose={() => setEditing(null)}
          onRemove={() => {
            if (editing !== 'new') setRemoving(editing);
            setEditing(null);
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmWithReason
          title="Take the video off"
          effect={`"${removing.title ?? removing.channelUrl}" leaves Playon TV for every player.`}
          confirmLabel="Take it off"
          onConfirm={async (reason) => {
            await removeTv(removing.id, reason);
            await queryClient.invalidateQueries({ queryKey: opsKeys.content.tv() });
          }}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </div>
  );
}
