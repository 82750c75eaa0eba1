import type { Language } from '@playon/shared/i18n/language';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from '@playon/shared/storage-keys';

export type { Language };

const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'sw';

/** The language this device chose before, if any (local storage). */
export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * A first visit follows the browser: Kiswahili when any of its languages is (`sw`, `sw-KE`...), since
 * in Kenya English is often only the phone's default and Kiswahili the one the player added.
 */
export function browserLanguage(languages: readonly string[] = navigator.languages ?? []): Language {
  return languages.some((tag) => tag.toLowerCase().split('-')[0] === 'sw') ? 'sw' : 'en';
}

/** The choice in the cookie too (LANGUAGE_COOKIE): the server cannot read local storage. */
function rememberInCookie(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and Firefox.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

let current: Language = storedLanguage() ?? browserLanguage();
// A choice made before the cookie existed: the server learns it from this page load on.
if (storedLanguage() && !document.cookie.includes(`${LANGUAGE_COOKIE}=${current}`)) rememberInCookie(current);
const listeners = new Set<(language: Language) => void>();

/** The language the app speaks now; every API call and the socket ask the server for it too. */
export const currentLanguage = (): Language => current;

/** `<html lang>` follows the language, so screen readers pronounce the page in it. */
document.documentElement.lang = current;

/**
 * Makes `language` the app's: `<html lang>`, local storage (unless only following the browser), and
 * every listener (the translator, the welcome page). Listeners load the texts; see i18n.ts.
 */
export function setLanguage(language: Language, { remember = true }: { remember?: boolean } = {}): void {
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
      rememberInCookie(language);
    } catch {
      // Private mode with no storage: the choice holds for this page load.
    }
  }
  if (language === current) return;
  current = language;
  document.documentElement.lang = language;
  for (const listener of [...listeners]) listener(language);
}

export function subscribeLanguage(listener: (language: Language) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The header the server picks its answer's language from (ADR 0032). */
export const languageHeaders = (): { 'Accept-Language': Language } => ({ 'Accept-Language': current });
