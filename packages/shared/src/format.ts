/** Dates read dd/mm/yyyy (docs/product.md, "Numbers and dates"): en-GB is the tag that writes them so. */
export const LOCALE = 'en-GB';

/*
 * Amounts, dates and times are put together here by hand, not by `Intl`: the first `Intl` number or
 * date formatter a page builds loads the locale's data, 25 to 75 ms of main thread in Chromium on a
 * laptop (four times that on a low-end phone), in the very task that draws the wallet. The output is
 * `Intl`'s for en-GB, and for sw-KE, which writes numbers, dates and times the same way; format.test.ts
 * holds each function to `Intl` across values, months and hours.
 */

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A number with two decimals and its thousands grouped by commas: '1,234.50', '-0.07'. */
export function formatTwoDecimals(value: number): string {
  const cents = Math.round(Math.abs(value) * 100);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 && cents > 0 ? '-' : ''}${whole}.${twoDigits(cents % 100)}`;
}

/** Amounts and balances: two decimals, en-GB grouping. */
export const formatAmount = formatTwoDecimals;

/** A day as dd/mm/yyyy, read in the device's time zone, or in UTC when asked (a calendar date). */
export function formatDate(date: Date, utc = false): string {
  const [day, month, year] = utc
    ? [date.getUTCDate(), date.getUTCMonth(), date.getUTCFullYear()]
    : [date.getDate(), date.getMonth(), date.getFullYear()];
  return `${twoDigits(day)}/${twoDigits(month + 1)}/${year}`;
}

/** A time of day on the 24-hour clock, hh:mm, in the device's time zone. */
export const formatTimeOfDay = (date: Date): string =>
  `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;

/** A moment as dd/mm/yyyy, hh:mm in the device's time zone. */
export const formatDateTime = (date: Date): string => `${formatDate(date)}, ${formatTimeOfDay(date)}`;

/** 'Yesterday', 'N days ago' for 2 to 3 days, otherwise dd/mm/yyyy and the time (docs/product.md, "Numbers and dates"). */
export function formatRelativeDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 1) return 'Yesterday';
  if (days === 2 || days === 3) return `${days} days ago`;
  return formatDateTime(date);
}

/** Parses an M-Pesa yyyymmddhhmmss timestamp (East Africa Time, UTC+3) to a Date. */
export function parseMpesaTimestamp(value: string | number): Date {
  const text = String(value);
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!match) throw new Error(`Not a yyyymmddhhmmss timestamp: ${text}`);
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(Date.UTC(y as number, (mo as number) - 1, d, (h as number) - 3, mi, s));
}

export const APP_VERSION = '2.0';
