import { LOCALE } from '@playon/shared/format';

/** A calendar date (yyyy-mm-dd, no time zone) as dd/mm/yyyy; the input itself when it is not a date. */
export function formatCalendarDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(LOCALE, { timeZone: 'UTC' });
}
