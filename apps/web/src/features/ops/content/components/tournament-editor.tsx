import { type OpsTournament, TournamentFormSchema } from '@playon/shared/ops-content';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { LoadError } from '../../../../components/ui/load-error';
import { SelectField } from '../../../../components/ui/select-field';
import { Skeleton } from '../../../../components/ui/skeleton';
import { TextArea } from '../../../../components/ui/text-area';
import { TextField } from '../../../../components/ui/text-field';
import { opsKeys } from '../../api/query-keys';
import { fromNairobiInput, NAIROBI_TIME, toNairobiInput } from '../../components/form-values';
import { bindTexts, KiswahiliField } from '../../components/text-fields';
import { useConsoleForm } from '../../components/use-console-form';
import { createTournament } from '../api/create-tournament';
import { editTournament } from '../api/edit-tournament';
import { useAllGames } from '../api/get-all-games';
import { usePackages } from '../api/get-packages';

const PLACES = [
  { position: 1, label: '1st place (Gold)' },
  { position: 2, label: '2nd place (Silver)' },
  { position: 3, label: '3rd place (Bronze)' },
];

/** A tournament's form: new, or edited until it starts (then shown, locked). */
export function TournamentEditor({ cup }: { cup?: OpsTournament }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const games = useAllGames();
  const packages = usePackages();
  const prizeOf = (position: number) =>
    String(cup?.prizes.find((prize) => prize.position === position)?.subscriptionPackageId ?? '');
  const [value, setValue] = useState({
    name: cup?.name ?? '',
    description: cup?.description ?? '',
    nameSw: cup?.nameSw ?? '',
    descriptionSw: cup?.descriptionSw ?? '',
    gameId: String(cup?.gameId ?? ''),
    starts: toNairobiInput(cup?.starts),
    ends: toNairobiInput(cup?.ends),
    prizes: PLACES.map((place) => prizeOf(place.position)),
  });
  const form = useConsoleForm(TournamentFormSchema, async (body) => {
    const { message, payload } = cup ? await editTournament(cup.id, body) : await createTournament(body);
    await queryClient.invalidateQueries({ queryKey: opsKeys.content.tournaments() });
    navigate(`/ops/content/tournaments/${payload.id}`, { replace: true });
    return message;
  });
  const isLocked = cup !== undefined && cup.state !== 'UPCOMING';
  const field = bindTexts(value, setValue, form.errors);
  const { errors } = form;

  function save() {
    void form.submit({
      name: value.name,
      description: value.description,
      nameSw: value.nameSw,
      descriptionSw: value.descriptionSw,
      gameId: Number(value.gameId) || 0,
      starts: fromNairobiInput(value.starts) ?? '',
      ends: fromNairobiInput(value.ends) ?? '',
      prizes: PLACES.flatMap((place, index) =>
        value.prizes[index]
          ? [{ position: place.position, subscriptionPackageId: Number(value.prizes[index]) }]
          : [],
      ),
    });
  }

  if (games.isError || packages.isError) {
    return (
      <LoadError
        onRetry={() => void Promise.all([games.refetch(), packages.refetch()])}
        text={(games.error ?? packages.error)?.message ?? ''}
      />
    );
  }
  // The selects show the saved game and prizes only once their options are there.
  if (!games.data || !packages.data) return <Skeleton className="h-64 w-full max-w-2xl rounded-xl" />;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      className="flex max-w-2xl flex-col gap-4 rounded-xl bg-surface p-4 ring-1 ring-line"
    >
      {isLocked ? (
        <p className="rounded-xl bg-raised p-3 text-sm text-muted">
          This tournament has started: its game, dates and prizes can no longer be edited.
        </p>
      ) : null}
      <fieldset disabled={isLocked} className="flex flex-col gap-4">
        <TextField label="Name" {...field('name')} />
        <TextArea label="Description" {...field('description')} />
        <KiswahiliField of="Name" brief {...field('nameSw')} />
        <KiswahiliField of="Description" multiline {...field('descriptionSw')} />
        <SelectField
          label="Game"
          {...field('gameId')}
          hint="Outside games cannot hold a tournament: PlayOn cannot replay their plays."
        >
          <option value="">Choose the game</option>
          {games.data?.items
            .filter((game) => game.source === 'bundled' && game.enabled)
            .map((game) => (
              <option key={game.id} value={game.id}>
                {game.name}
              </option>
            ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={`Starts (${NAIROBI_TIME})`} type="datetime-local" {...field('starts')} />
          <TextField label={`Ends (${NAIROBI_TIME})`} type="datetime-local" {...field('ends')} />
        </div>
        <p className="-mt-2 text-xs text-muted">
          Typed and shown in Nairobi time (East Africa Time, UTC+3), whatever this device's time zone.
        </p>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-muted">
            Prizes: a day of a package for each podium place
          </legend>
          {PLACES.map((place, index) => (
            <SelectField
              key={place.position}
              label={place.label}
              value={value.prizes[index]}
              error={errors[`prizes.${place.position}`]}
              onChange={(event) =>
                setValue({
                  ...value,
                  prizes: value.prizes.map((p, i) => (i === index ? event.target.value : p)),
                })
              }
            >
              <option value="">No prize</option>
              {packages.data?.map((pkg) => (
                <option key={pkg.id} value={pkg.id}>
                  {pkg.name} (KES {pkg.amount.toLocaleString('en-GB')} a day)
                </option>
              ))}
            </SelectField>
          ))}
        </fieldset>
      </fieldset>
      {form.formError ? (
        <p role="alert" className="text-sm text-danger">
          {form.formError}
        </p>
      ) : null}
      {isLocked ? null : (
        <div className="flex justify-end gap-2">
          <Link
            to="/ops/content/tournaments"
            className="flex h-12 items-center rounded-xl border border-line bg-raised px-5 font-semibold"
          >
            Back
          </Link>
          <Button type="submit" isBusy={form.busy}>
            {cup ? 'Save changes' : 'Create the tournament'}
          </Button>
        </div>
      )}
    </form>
  );
}
