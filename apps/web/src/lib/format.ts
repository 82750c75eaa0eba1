import { LOCALE } from '@playon/shared/format';

/** A calendar date (yyyy-mm-dd, no time zone) as dd/mm/yyyy; the input itself when it is not a date. */
export function formatCalendarDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(LOCALE, { timeZone: 'UTC' });
}

const pointsFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Leaderboard points: always two decimals (spec section 9), en-GB grouping. */
export function formatPoints(points: number): string {
  return pointsFormat.format(points);
}

const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A moment (ISO 8601) as dd/mm/yyyy, hh:mm in the player's time zone. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
