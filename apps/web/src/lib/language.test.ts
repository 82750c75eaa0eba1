import { LANGUAGE_STORAGE_KEY } from '@playon/shared/storage-keys';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  browserLanguage,
  currentLanguage,
  languageHeaders,
  setLanguage,
  storedLanguage,
  subscribeLanguage,
} from './language';

describe('the language', () => {
  afterEach(() => setLanguage('en'));

  it('follows the browser on a first visit: Kiswahili when any of its languages is Kiswahili', () => {
    expect(browserLanguage(['en-US', 'sw-KE'])).toBe('sw');
    expect(browserLanguage(['SW'])).toBe('sw');
    expect(browserLanguage(['en-GB', 'fr'])).toBe('en');
    expect(browserLanguage(['swe'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('reads back only a language PlayOn speaks from local storage', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(storedLanguage()).toBeNull();
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'sw');
    expect(storedLanguage()).toBe('sw');
  });

  it('once chosen, is kept, set on <html lang>, asked of the server and told to whoever listens', () => {
    const heard = vi.fn();
    const stop = subscribeLanguage(heard);
    setLanguage('sw');
    stop();
    expect(currentLanguage()).toBe('sw');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('sw');
    expect(document.documentElement.lang).toBe('sw');
    expect(languageHeaders()).toEqual({ 'Accept-Language': 'sw' });
    expect(heard).toHaveBeenCalledExactlyOnceWith('sw');
  });
});
