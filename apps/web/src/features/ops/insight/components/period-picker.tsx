import { INSIGHT_MAX_DAYS } from '@playon/shared/ops-insight';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { daysBefore } from './period';
import type { InsightT } from './texts';

const spanDays = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The period of every report: two Nairobi days, or one of the usual spans up to today. */
export function PeriodPicker({
  t,
  period,
  today,
  onChange,
}: {
  t: InsightT;
  period: { from: string; to: string };
  today: string;
  onChange: (period: { from: string; to: string }) => void;
}) {
  const id = useId();
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  useEffect(() => {
    setFrom(period.from);
    setTo(period.to);
  }, [period.from, period.to]);
  const error =
    from > to
      ? t('period.order')
      : spanDays(from, to) > INSIGHT_MAX_DAYS
        ? t('period.tooLong', { days: INSIGHT_MAX_DAYS })
        : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!error && from && to) onChange({ from, to });
  };
  const presets = [
    ['last7', 7],
    ['last30', 30],
    ['last90', 90],
  ] as const;
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-xl bg-surface p-4 ring-1 ring-line">
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="mb-2 text-sm font-semibold">{t('period.legend')}</legend>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-from`} className="text-sm text-muted">
            {t('period.from')}
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={from}
            max={today}
            onChange={(event) => setFrom(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="h-11 rounded-lg bg-raised px-3 text-sm ring-1 ring-line"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-to`} className="text-sm text-muted">
            {t('period.to')}
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={to}
            max={today}
            onChange={(event) => setTo(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="h-11 rounded-lg bg-raised px-3 text-sm ring-1 ring-line"
          />
        </div>
        <Button type="submit" variant="secondary" disabled={Boolean(error)}>
          {t('period.apply')}
        </Button>
      </fieldset>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {presets.map(([key, days]) => (
          <button
            key={key}
            type="button"
            onClick={() => onChange({ from: daysBefore(today, days - 1), to: today })}
            aria-pressed={period.to === today && period.from === daysBefore(today, days - 1)}
            className="h-11 rounded-full px-4 text-sm ring-1 ring-line aria-pressed:bg-brand/30"
          >
            {t(`period.${key}`)}
          </button>
        ))}
      </div>
    </form>
  );
}
