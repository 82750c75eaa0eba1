import { Link } from 'react-router';
import { SelectField } from '../../../../components/ui/select-field';
import { Spinner } from '../../../../components/ui/spinner';
import type { FieldErrors } from '../../components/use-console-form';
import { AudiencePreview } from './audience-preview';
import type { Audience, AudienceChoice } from './use-audience';

const audienceLabels: Record<AudienceChoice, string> = {
  all: 'All players',
  tournament: "A tournament's players (those with a score)",
  game: "A game's players (those who played it)",
  saved: 'A saved audience',
};

/** The broadcast's audience: everyone, a tournament's or a game's players, or a saved audience, counted as chosen. */
export function AudienceFields({ who, errors }: { who: Audience; errors: FieldErrors }) {
  const targetList =
    who.audience === 'saved'
      ? (who.saved.data?.items ?? []).map((item) => ({
          id: item.id,
          label: `${item.name} (${item.description})`,
        }))
      : who.audience === 'tournament'
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
          who.setAudience(event.target.value as AudienceChoice);
          who.setTargetId(undefined);
        }}
      >
        {(Object.keys(audienceLabels) as AudienceChoice[]).map((option) => (
          <option key={option} value={option}>
            {audienceLabels[option]}
          </option>
        ))}
      </SelectField>
      {who.audience === 'all' ? null : (
        <SelectField
          label={
            who.audience === 'saved' ? 'Audience' : who.audience === 'tournament' ? 'Tournament' : 'Game'
          }
          value={who.targetId ?? ''}
          onChange={(event) => who.setTargetId(event.target.value ? Number(event.target.value) : undefined)}
          error={errors.tournamentId ?? errors.gameId ?? errors.audienceId}
        >
          <option value="">Choose…</option>
          {targetList.map((item) => (
            <option key={item.id} value={item.id}>
              {item.label}
            </option>
          ))}
        </SelectField>
      )}
      {who.audience === 'saved' && who.saved.data?.total === 0 ? (
        <p className="text-sm text-muted">
          No audience saved yet.{' '}
          <Link to="/ops/community/audiences" className="text-accent underline">
            Define one under Audiences
          </Link>
          .
        </p>
      ) : null}
      <p aria-live="polite" className="flex min-h-6 items-center gap-2 text-sm">
        {who.count.isFetching ? (
          <>
            <Spinner size={16} label="" /> Counting the players…
          </>
        ) : who.count.isError ? (
          <span className="text-danger">{who.count.error?.message}</span>
        ) : who.count.data ? (
          <span>
            Will reach <strong>{who.count.data.recipients.toLocaleString('en-GB')}</strong> players (
            {who.count.data.audienceLabel})
          </span>
        ) : (
          <span className="text-muted">Choose who receives it to count them.</span>
        )}
      </p>
      {who.count.data?.preview && !who.count.isFetching ? (
        <AudiencePreview names={who.count.data.preview} />
      ) : null}
      {errors.audience ? (
        <p role="alert" className="text-sm text-danger">
          {errors.audience}
        </p>
      ) : null}
    </>
  );
}
