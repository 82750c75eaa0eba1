import { useQuery } from '@tanstack/react-query';
import { SelectField } from '../../../../components/ui/select-field';
import { formatWhen } from '../../components/format';
import { tournamentsQuery } from '../api/get-tournaments';
import { stateLabels } from './tournament-states';

/** A hundred tournaments at once: newest first, more than PlayOn runs at a time. */
const PICKABLE = { q: '', page: 1, pageSize: 100 };

/**
 * The tournament a banner opens in the player app, chosen from those not cancelled or ranked yet
 * (and the one it opens now, whatever became of it); "None" leaves the banner to its description.
 */
export function BannerTournamentField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (id: string) => void;
}) {
  const tournaments = useQuery(tournamentsQuery(PICKABLE));
  const choices = (tournaments.data?.items ?? []).filter(
    (cup) => cup.state === 'UPCOMING' || cup.state === 'ONGOING' || String(cup.id) === value,
  );
  const hint = tournaments.isError
    ? 'The tournaments could not be loaded: the banner keeps the one it opens.'
    : tournaments.isPending
      ? 'Loading the tournaments…'
      : 'A tap on the banner opens this tournament in the player app. Times are Nairobi time.';
  return (
    <SelectField
      label="Opens the tournament (optional)"
      value={value}
      error={error}
      hint={hint}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">None: a tap shows the description</option>
      {value && !choices.some((cup) => String(cup.id) === value) ? (
        <option value={value}>Tournament {value}</option>
      ) : null}
      {choices.map((cup) => (
        <option key={cup.id} value={cup.id}>
          {cup.name} ({stateLabels[cup.state]}, {formatWhen(cup.starts)})
        </option>
      ))}
    </SelectField>
  );
}
