import { OutsideGameSchema } from '@playon/shared/ops-content';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TextArea } from '../../../../components/ui/text-area';
import { TextField } from '../../../../components/ui/text-field';
import { opsKeys } from '../../api/query-keys';
import { FormDialog } from '../../components/form-dialog';
import { bindTexts, KiswahiliField } from '../../components/text-fields';
import { useConsoleForm } from '../../components/use-console-form';
import { addGame } from '../api/add-game';
import { numbers, SettingsFields, settingsOf } from './game-settings-fields';
import { ImageField } from './image-field';

/** An outside HTML5 game added by its address, with its details and the shared settings. */
export function OutsideGameDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState(settingsOf());
  const [details, setDetails] = useState({
    name: '',
    packageId: '',
    description: '',
    descriptionSw: '',
    gameUrl: '',
    gameIcon: '',
    trailerLink: '',
  });
  const form = useConsoleForm(OutsideGameSchema, async (body) => {
    const { message } = await addGame(body);
    await queryClient.invalidateQueries({ queryKey: opsKeys.content.games() });
    return message;
  });
  const field = bindTexts(details, setDetails, form.errors);
  const { errors } = form;
  return (
    <FormDialog
      title="Add an outside game"
      saveLabel="Add the game"
      onClose={onClose}
      busy={form.busy}
      formError={form.formError}
      onSubmit={() =>
        void form
          .submit({ ...numbers(settings), ...details, trailerLink: details.trailerLink || null })
          .then((ok) => ok && onClose())
      }
    >
      <p className="rounded-xl bg-raised p-3 text-sm text-muted">
        An outside HTML5 game is played from its own address. PlayOn cannot replay its plays, so its scores
        are judged by the limits below only, and it cannot hold a tournament.
      </p>
      <TextField label="Name" {...field('name')} />
      <TextField label="Address (https://)" type="url" {...field('gameUrl')} />
      <TextField label="Package id" placeholder="com.example.game" {...field('packageId')} />
      <TextArea label="Description" {...field('description')} />
      <KiswahiliField of="Description" multiline rows={5} {...field('descriptionSw')} />
      <TextField label="Trailer (YouTube link, optional)" {...field('trailerLink')} />
      <ImageField
        label="Icon"
        value={details.gameIcon}
        error={errors.gameIcon}
        onChange={(url) => setDetails((current) => ({ ...current, gameIcon: url }))}
      />
      <SettingsFields value={settings} onChange={setSettings} errors={errors} />
    </FormDialog>
  );
}
