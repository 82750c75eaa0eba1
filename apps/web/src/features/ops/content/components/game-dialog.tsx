import { GameSettingsSchema, type OpsGame } from '@playon/shared/ops-content';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { opsKeys } from '../../api/query-keys';
import { FormDialog } from '../../components/form-dialog';
import { KiswahiliField } from '../../components/text-fields';
import { useConsoleForm } from '../../components/use-console-form';
import { saveGame } from '../api/save-game';
import { numbers, SettingsFields, settingsOf } from './game-settings-fields';

/** A game's settings, and its description in Kiswahili (the English one is the game's own). */
export function GameDialog({ game, onClose }: { game: OpsGame; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(settingsOf(game));
  const [descriptionSw, setDescriptionSw] = useState(game.descriptionSw ?? '');
  const form = useConsoleForm(GameSettingsSchema, async (body) => {
    const { message } = await saveGame(game.id, body);
    await queryClient.invalidateQueries({ queryKey: opsKeys.content.games() });
    return message;
  });
  return (
    <FormDialog
      title={game.name}
      onClose={onClose}
      busy={form.busy}
      formError={form.formError}
      onSubmit={() => void form.submit({ ...numbers(value), descriptionSw }).then((ok) => ok && onClose())}
    >
      <p className="text-sm text-muted">
        {game.packageId} · {game.source === 'url' ? 'outside game' : `games/${game.slug}`} · scored by{' '}
        {game.scoring === 'replay' ? 'replay' : 'its limits'}
      </p>
      <div>
        <h3 className="mb-1.5 text-sm font-medium text-muted">Description</h3>
        <p className="rounded-xl bg-raised p-3 text-sm">{game.description}</p>
        {game.source === 'bundled' ? (
          <p className="mt-1.5 text-xs text-muted">Written in the game's game.json.</p>
        ) : null}
      </div>
      <KiswahiliField
        of="Description"
        multiline
        rows={5}
        value={descriptionSw}
        error={form.errors.descriptionSw}
        onChange={(event) => setDescriptionSw(event.target.value)}
      />
      <SettingsFields value={value} onChange={setValue} errors={form.errors} />
    </FormDialog>
  );
}
