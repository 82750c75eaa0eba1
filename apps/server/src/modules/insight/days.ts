import { INSIGHT_DEFAULT_DAYS } from '@playon/shared/ops-insight';

/** Nairobi's clock: UTC+3 all year (Kenya keeps no daylight saving), so a day is a fixed span. */
const OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;

/** One Nairobi day and the instants it runs between (from included, to not). */
export interface DayBounds {
  day: string;
  from: Date;
  to: Date;
}

export const nairobiDayOf = (at: Date) => new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);

export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export function boundsOf(day: string): DayBounds {
  const from = new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
  return { day, from, to: new Date(from.getTime() + DAY_MS) };
}

/** Every day from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A query's period, or the last 30 days up to today. */
export function periodOf(query: { from?: string | undefined; to?: string | undefined }, now: Date) {
  const to = query.to ?? nairobiDayOf(now);
  const from = query.from ?? addDays(to, 1 - INSIGHT_DEFAULT_DAYS);
  return { from, to };
}

/** The Monday (Nairobi) of a day's week. */
export function mondayOf(day: string) {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}
