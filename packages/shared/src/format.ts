/** The spec says 'en-UK'; the valid tag with the same dd/mm/yyyy output is en-GB (spec-deviations #3). */
export const LOCALE = 'en-GB';

const amountFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Amounts and balances: two decimals, en-GB grouping. */
export function formatAmount(value: number): string {
  return amountFormat.format(value);
}

/** 'Yesterday', 'N days ago' for 2 to 3 days, otherwise dd/mm/yyyy and the time (spec section 9). */
export function formatRelativeDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 1) return 'Yesterday';
  if (days === 2 || days === 3) return `${days} days ago`;
  return date.toLocaleString(LOCALE, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** Parses an M-Pesa yyyymmddhhmmss timestamp (East Africa Time, UTC+3) to a Date (spec-deviations #11). */
export function parseMpesaTimestamp(value: string | number): Date {
  const text = String(value);
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!match) throw new Error(`Not a yyyymmddhhmmss timestamp: ${text}`);
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(Date.UTC(y as number, (mo as number) - 1, d, (h as number) - 3, mi, s));
}

export const APP_VERSION = '2.0';
