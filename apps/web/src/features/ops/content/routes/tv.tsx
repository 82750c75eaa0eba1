import { youtubeVideoId } from '@playon/shared/games';
import { type OpsTvItem, TvFormSchema, youtubeThumbnailUrl } from '@playon/shared/ops-content';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';
import { Toggle } from '../../../../components/ui/toggle';
import { opsKeys } from '../../api/query-keys';
import { ConfirmWithReason } from '../../components/confirm-with-reason';
import { FormDialog } from '../../components/form-dialog';
import { formatWhen } from '../../components/format';
import { PagedList } from '../../components/paged-list';
import { useConsoleForm } from '../../components/use-console-form';
import { addTv } from '../api/add-tv';
import { tvQuery } from '../api/get-tv';
import { removeTv } from '../api/remove-tv';
import { saveTv } from '../api/save-tv';
import { ImageField } from '../components/image-field';

function TvDialog({
  item,
  onClose,
  onRemove,
}: {
  item?: OpsTvItem;
  onClose: () => void;
  onRemove: () => void;
}) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState({
    title: item?.title ?? '',
    thumbnailUrl: item?.thumbnailUrl ?? '',
    channelUrl: item?.channelUrl ?? '',
    primary: item?.primary ?? false,
  });
  const videoId = youtubeVideoId(value.channelUrl);
  const form = useConsoleForm(TvFormSchema, async (body) => {
    const { message } = item ? await saveTv(item.id, body) : await addTv(body);
    await queryClient.invalidateQueries({ queryKey: opsKeys.content.tv() });
    return message;
  });
  return (
    <FormDialog
      title={item ? 'Edit the video' : 'New video'}
      onClose={onClose}
      busy={form.busy}
      formError={form.formError}
      onSubmit={() => void form.submit(value).then((ok) => ok && onClose())}
    >
      <TextField
        label="Title"
        value={value.title}
        error={form.errors.title}
        onChange={(event) => {
          const text = event.target.value;
          setValue((current) => ({ ...current, title: text }));
        }}
      />
      <TextField
        label="YouTube link"
        type="url"
        value={value.channelUrl}
        error={form.errors.channelUrl}
        onChange={(event) => {
          const text = event.target.value;
          setValue((current) => ({ ...current, channelUrl: text }));
        }}
      />
      <ImageField
        label="Picture"
        wide
        value={value.thumbnailUrl}
        error={form.errors.thumbnailUrl}
        onChange={(thumbnailUrl) => setValue((current) => ({ ...current, thumbnailUrl }))}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={!videoId}
          onClick={() =>
            videoId && setValue((current) => ({ ...current, thumbnailUrl: youtubeThumbnailUrl(videoId) }))
          }
        >
          Use YouTube's picture
        </Button>
        {value.thumbnailUrl ? (
          <Button
            variant="secondary"
            onClick={() => setValue((current) => ({ ...current, thumbnailUrl: '' }))}
          >
            No picture
          </Button>
        ) : null}
      </div>
      <Toggle
        label="Primary"
        hint="Embedded at the top of the TV page; only one video is primary."
        checked={value.primary}
        onChange={(primary) => setValue((current) => ({ ...current, primary }))}
      />
      {item ? (
        <Button variant="secondary" onClick={onRemove}>
          Take it off Playon TV
        </Button>
      ) : null}
    </FormDialog>
  );
}

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
