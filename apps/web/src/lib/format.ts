import {
  formatDate,
  formatTwoDecimals,
  formatRelativeDate as inEnglish,
  LOCALE,
  formatDateTime as sharedDateTime,
  formatTimeOfDay as sharedTimeOfDay,
} from '@playon/shared/format';
import { currentLanguage, type Language } from './language';

/** The `Intl` locale of each language: en-GB keeps the product's dd/mm/yyyy; sw-KE is Kenya's Kiswahili. */
const locales: Record<Language, string> = { en: LOCALE, sw: 'sw-KE' };

/** The `Intl` locale of the language the player reads now. */
const intlLocale = (language: Language = currentLanguage()): string => locales[language];

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

/*
 * Numbers, dates and times are written by hand (`@playon/shared/format`), not by `Intl`: both
 * languages write them the same way, and the first `Intl` formatter a page builds costs 25 to 75 ms of
 * main thread. `Intl` stays for what needs the language's grammar: Kiswahili's 'Jana' and lists.
 */
const relativeDays = cached((locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));

/** The months as each language names them in a date ('19 November 2026', '19 Novemba 2026'). */
const monthNames: Record<Language, readonly string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  sw: [
    'Januari',
    'Februari',
    'Machi',
    'Aprili',
    'Mei',
    'Juni',
    'Julai',
    'Agosti',
    'Septemba',
    'Oktoba',
    'Novemba',
    'Desemba',
  ],
};

/** A calendar date (yyyy-mm-dd, no time zone) as dd/mm/yyyy; the input itself when it is not a date. */
export function formatCalendarDate(iso: string, _language?: Language): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : formatDate(date, true);
}

/** Leaderboard points: always two decimals (docs/product.md, "Numbers and dates"), grouped as the language groups. */
export function formatPoints(points: number, _language?: Language): string {
  return formatTwoDecimals(points);
}

/** An amount of shillings, two decimals; the `kes` before it stays the same in both languages (glossary). */
export function formatAmount(value: number, _language?: Language): string {
  return formatTwoDecimals(value);
}

/** A moment (ISO 8601) as dd/mm/yyyy, hh:mm in the player's time zone. */
export function formatDateTime(iso: string, _language?: Language): string {
  return sharedDateTime(new Date(iso));
}

/**
 * 'Yesterday', 'N days ago' for 2 to 3 days, otherwise the date and time (docs/product.md, "Numbers and dates"). English
 * keeps the product's exact words; Kiswahili's come from `Intl` (*Jana*, *Juzi*, *siku 3 zilizopita*).
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

const andList = cached((locale) => new Intl.ListFormat(locale, { type: 'conjunction' }));

/** A time of day, hh:mm. */
export const formatTimeOfDay = (date: Date, _language?: Language): string => sharedTimeOfDay(date);

/** A day and its month in words: '24 November', '24 Novemba'. */
export const formatDayAndMonth = (date: Date, language = currentLanguage()): string =>
  `${date.getDate()} ${monthNames[language][date.getMonth()]}`;

/** A day in words: '19 November 2026', '19 Novemba 2026'. */
export const formatDayInWords = (date: Date, language = currentLanguage()): string =>
  `${formatDayAndMonth(date, language)} ${date.getFullYear()}`;

/** Names joined as a sentence does: 'Bronze, Silver and Gold', 'Bronze, Silver na Gold'. */
export const formatList = (items: readonly string[], language?: Language): string =>
  andList(language).format(items);
