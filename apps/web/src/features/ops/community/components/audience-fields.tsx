import type { BroadcastAudience } from '@playon/shared/ops-community';
import { SelectField } from '../../../../components/ui/select-field';
import { Spinner } from '../../../../components/ui/spinner';
import type { FieldErrors } from '../../components/use-console-form';
import type { Audience } from './use-audience';

const audienceLabels: Record<BroadcastAudience, string> = {
  all: 'All players',
  tournament: "A tournament's players (those with a score)",
  game: "A game's players (those who played it)",
};

/** The broadcast's audience: everyone, or a tournament's or a game's players, counted as chosen. */
export function AudienceFields({ who, errors }: { who: Audience; errors: FieldErrors }) {
  const targetList =
    who.audience === 'tournament'
      ? (who.targets.data?.tournaments ?? []).map((item) => ({
          id: item.id,
          label: `${item.name} (${item.status})`,
        }))
      : (who.targets.data?.games ?? []).map((item) => ({ id: item.id, label: item.name }));
  return (
    <>
      <SelectField
        label="To"
        value={who.audience}
        onChange={(event) => {
          who.setAudience(event.target.value as BroadcastAudience);
          who.setTargetId(undefined);
        }}
      >
        {(Object.keys(audienceLabels) as BroadcastAudience[]).map((option) => (
          <option key={option} value={option}>
            {audienceLabels[option]}
          </option>
        ))}
      </SelectField>
      {who.audience === 'all' ? null : (
        <SelectField
          label={who.audience === 'tournament' ? 'Tournament' : 'Game'}
          value={who.targetId ?? ''}
          onChange={(event) => who.setTargetId(event.target.value ? Number(event.target.value) : undefined)}
          error={errors.tournamentId ?? errors.gameId}
        >
          <option value="">Choose…</option>
          {targetList.map((item) => (
            <option key={item.id} value={item.id}>
              {item.label}
            </option>
          ))}
        </SelectField>
      )}
      <p aria-live="polite" className="flex min-h-6 items-center gap-2 text-sm">
        {who.count.isFetching ? (
          <>
            <Spinner size={16} label="" /> Counting the players…
          </>
        ) : who.count.isError ? (
          <span className="text-danger">{who.count.error.message}</span>
        ) : who.count.data ? (
          <span>
            Will reach <strong>{who.count.data.recipients.toLocaleString('en-GB')}</strong> players (
            {who.count.data.audienceLabel})
          </span>
        ) : (
          <span className="text-muted">Choose who receives it to count them.</span>
        )}
      </p>
      {errors.audience ? (
        <p role="alert" className="text-sm text-danger">
          {errors.audience}
        </p>
      ) : null}
    </>
  );
}
