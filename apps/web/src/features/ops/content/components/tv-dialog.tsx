import { youtubeVideoId } from '@playon/shared/games';
import { type OpsTvItem, TvFormSchema, youtubeThumbnailUrl } from '@playon/shared/ops-content';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';
import { Toggle } from '../../../../components/ui/toggle';
import { opsKeys } from '../../api/query-keys';
import { FormDialog } from '../../components/form-dialog';
import { bindTexts, KiswahiliField } from '../../components/text-fields';
import { useConsoleForm } from '../../components/use-console-form';
import { addTv } from '../api/add-tv';
import { saveTv } from '../api/save-tv';
import { ImageField } from './image-field';

/** A PlayOn TV video, new or edited: its YouTube link, title and picture; one is the primary. */
export function TvDialog({
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
    titleSw: item?.titleSw ?? '',
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
  const field = bindTexts(value, setValue, form.errors);
  return (
    <FormDialog
      title={item ? 'Edit the video' : 'New video'}
      onClose={onClose}
      busy={form.busy}
      formError={form.formError}
      onSubmit={() => void form.submit(value).then((ok) => ok && onClose())}
    >
      <TextField label="Title" {...field('title')} />
      <KiswahiliField of="Title" {...field('titleSw')} />
      <TextField label="YouTube link" type="url" {...field('channelUrl')} />
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
