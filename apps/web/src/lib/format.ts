import { formatRelativeDate as inEnglish, LOCALE } from '@playon/shared/format';
import { currentLanguage, type Language } from './language';

/** The `Intl` locale of each language: en-GB keeps the spec's dd/mm/yyyy; sw-KE is Kenya's Kiswahili. */
const locales: Record<Language, string> = { en: LOCALE, sw: 'sw-KE' };

/** The `Intl` locale of the language the player reads now. */
export const intlLocale = (language: Language = currentLanguage()): string => locales[language];

/** One formatter per language and options, made once: building an `Intl` formatter is not free. */
function cached<T>(make: (locale: string) => T): (language?: Language) => T {
  const made = new Map<Language, T>();
  return (language = currentLanguage()) => {
    let formatter = made.get(language);
    if (!formatter) {
      formatter = make(locales[language]);
      made.set(language, formatter);
    }
    return formatter;
  };
}

const twoDecimals = cached(
  (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
const calendarDate = cached(
  (locale) =>
    new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }),
);
const dateTime = cached(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);
const relativeDays = cached((locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));

/** A calendar date (yyyy-mm-dd, no time zone) as dd/mm/yyyy; the input itself when it is not a date. */
export function formatCalendarDate(iso: string, language?: Language): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : calendarDate(language).format(date);
}

/** Leaderboard points: always two decimals (spec section 9), grouped as the language groups. */
export function formatPoints(points: number, language?: Language): string {
  return twoDecimals(language).format(points);
}

/** An amount of shillings, two decimals; the `kes` before it stays the same in both languages (glossary). */
export function formatAmount(value: number, language?: Language): string {
  return twoDecimals(language).format(value);
}

/** A moment (ISO 8601) as dd/mm/yyyy, hh:mm in the player's time zone. */
export function formatDateTime(iso: string, language?: Language): string {
  return dateTime(language).format(new Date(iso));
}

/**
 * 'Yesterday', 'N days ago' for 2 to 3 days, otherwise the date and time (spec section 9). English
 * keeps the spec's exact words; Kiswahili's come from `Intl` (*Jana*, *Juzi*, *siku 3 zilizopita*).
 */
export function formatRelativeDate(
  iso: string,
  now: Date = new Date(),
  language = currentLanguage(),
): string {
  if (language === 'en') return inEnglish(iso, now);
  const date = new Date(iso);
  const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days < 1 || days > 3) return formatDateTime(iso, language);
  const text = relativeDays(language).format(-days, 'day');
  return text.charAt(0).toLocaleUpperCase(intlLocale(language)) + text.slice(1);
}

const timeOfDay = cached((locale) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }));
const dayAndMonth = cached((locale) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long' }));
const andList = cached((locale) => new Intl.ListFormat(locale, { type: 'conjunction' }));

/** A time of day, hh:mm. */
export const formatTimeOfDay = (date: Date, language?: Language): string => timeOfDay(language).format(date);

/** A day and its month in words: '24 November', '24 Novemba'. */
export const formatDayAndMonth = (date: Date, language?: Language): string =>
  dayAndMonth(language).format(date);

/** Names joined as a sentence does: 'Bronze, Silver and Gold', 'Bronze, Silver na Gold'. */
export const formatList = (items: readonly string[], language?: Language): string =>
  andList(language).format(items);
