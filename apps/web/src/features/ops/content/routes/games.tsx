import { gameAccesses } from '@playon/shared/games';
import { GameSettingsSchema, type OpsGame, OutsideGameSchema } from '@playon/shared/ops-content';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { SelectField } from '../../../../components/ui/select-field';
import { TextArea } from '../../../../components/ui/text-area';
import { TextField } from '../../../../components/ui/text-field';
import { Toggle } from '../../../../components/ui/toggle';
import { opsKeys } from '../../api/query-keys';
import { FormDialog } from '../../components/form-dialog';
import { asNumber } from '../../components/form-values';
import { PagedList } from '../../components/paged-list';
import { useConsoleForm } from '../../components/use-console-form';
import { addGame } from '../api/add-game';
import { gamesQuery } from '../api/get-games';
import { saveGame } from '../api/save-game';
import { ImageField } from '../components/image-field';

const accessLabels = { FREE: 'Everyone (free)', SUBSCRIPTION: 'Subscribers only' } as const;

interface Settings {
  enabled: boolean;
  featured: boolean;
  sortOrder: string;
  access: OpsGame['access'];
  maxPoints: string;
  maxPointsPerSecond: string;
}

const settingsOf = (game?: OpsGame): Settings => ({
  enabled: game?.enabled ?? true,
  featured: game?.featured ?? false,
  sortOrder: String(game?.sortOrder ?? 0),
  access: game?.access ?? 'FREE',
  maxPoints: String(game?.maxPoints ?? 1000),
  maxPointsPerSecond: String(game?.maxPointsPerSecond ?? 10),
});
const numbers = (s: Settings) => ({
  ...s,
  sortOrder: asNumber(s.sortOrder),
  maxPoints: asNumber(s.maxPoints),
  maxPointsPerSecond: asNumber(s.maxPointsPerSecond),
});

function SettingsFields({
  value,
  onChange,
  errors,
}: {
  value: Settings;
  onChange: (next: Settings) => void;
  errors: Record<string, string>;
}) {
  const set = <K extends keyof Settings>(key: K, next: Settings[K]) => onChange({ ...value, [key]: next });
  return (
    <>
      <Toggle
        label="Enabled"
        hint="A disabled game is hidden from players and cannot be started."
        checked={value.enabled}
        onChange={(v) => set('enabled', v)}
      />
      <Toggle
        label="Featured"
        hint="Shown under 'Featured Games' on the dashboard."
        checked={value.featured}
        onChange={(v) => set('featured', v)}
      />
      <SelectField
        label="Who may play"
        value={value.access}
        error={errors.access}
        onChange={(event) => set('access', event.target.value as Settings['access'])}
      >
        {gameAccesses.map((access) => (
          <option key={access} value={access}>
            {accessLabels[access]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Order (lower first)"
        inputMode="numeric"
        value={value.sortOrder}
        error={errors.sortOrder}
        onChange={(event) => set('sortOrder', event.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Highest score of one play"
          inputMode="numeric"
          value={value.maxPoints}
          error={errors.maxPoints}
          onChange={(event) => set('maxPoints', event.target.value)}
        />
        <TextField
          label="Most points per second"
          inputMode="numeric"
          value={value.maxPointsPerSecond}
          error={errors.maxPointsPerSecond}
          onChange={(event) => set('maxPointsPerSecond', event.target.value)}
        />
      </div>
    </>
  );
}

const KISWAHILI_DESCRIPTION =
  'Description in Kiswahili (optional; players reading Kiswahili see the English without it)';

function GameDialog({ game, onClose }: { game: OpsGame; onClose: () => void }) {
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
      <TextArea
        label={KISWAHILI_DESCRIPTION}
        lang="sw"
        rows={5}
        value={descriptionSw}
        error={form.errors.descriptionSw}
        onChange={(event) => setDescriptionSw(event.target.value)}
      />
      <SettingsFields value={value} onChange={setValue} errors={form.errors} />
    </FormDialog>
  );
}

function OutsideGameDialog({ onClose }: { onClose: () => void }) {
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
  const set = (key: keyof typeof details) => (event: { target: { value: string } }) =>
    setDetails({ ...details, [key]: event.target.value });
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
      <TextField label="Name" value={details.name} error={errors.name} onChange={set('name')} />
      <TextField
        label="Address (https://)"
        type="url"
        value={details.gameUrl}
        error={errors.gameUrl}
        onChange={set('gameUrl')}
      />
      <TextField
        label="Package id"
        placeholder="com.example.game"
        value={details.packageId}
        error={errors.packageId}
        onChange={set('packageId')}
      />
      <TextArea
        label="Description"
        value={details.description}
        error={errors.description}
        onChange={set('description')}
      />
      <TextArea
        label={KISWAHILI_DESCRIPTION}
        lang="sw"
        rows={5}
        value={details.descriptionSw}
        error={errors.descriptionSw}
        onChange={set('descriptionSw')}
      />
      <TextField
        label="Trailer (YouTube link, optional)"
        value={details.trailerLink}
        error={errors.trailerLink}
        onChange={set('trailerLink')}
      />
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
