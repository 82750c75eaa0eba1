// @ts-check
import { languages as playOnLanguages } from '@playon/shared/i18n/language';
import { describe, expect, it } from 'vitest';
import { text as matatuText } from '../../../games/matatu-rush/text.js';
import { text as snakeText } from '../../../games/savanna-snake/text.js';
import { text as tileText } from '../../../games/tile-merge/text.js';
import { GAME_LANGUAGES, gameLanguage, translator } from '../src/language.js';
import { readLaunch } from '../src/launch.js';
import { reportMessagesIn } from '../src/report.js';
import { uiTexts } from '../src/ui-text.js';

describe('the language a game speaks', () => {
  it('is Kiswahili when PlayOn opens it with lang=sw', () => {
    expect(readLaunch('?session=s&lang=sw').language).toBe('sw');
    expect(readLaunch('?session=s&lang=sw-KE').language).toBe('sw');
  });

  it('is English when the address gives no language or one PlayOn does not speak', () => {
    for (const search of ['', '?session=s', '?lang=', '?lang=en', '?lang=fr', '?lang=swahili']) {
      expect(readLaunch(search).language).toBe('en');
    }
    expect(gameLanguage(undefined)).toBe('en');
  });

  it('is one of the languages PlayOn speaks', () => {
    expect(GAME_LANGUAGES).toEqual(playOnLanguages);
  });

  it('gives a game t() over its own dictionary, filling in the values it is given', () => {
    const dictionary = { en: { hello: 'Score: {score}' }, sw: { hello: 'Alama: {score}' } };
    expect(translator(dictionary, 'sw')('hello', { score: 40 })).toBe('Alama: 40');
    expect(translator(dictionary, 'en')('hello', { score: 40 })).toBe('Score: 40');
  });
});

/** @type {Array<[string, Record<string, Record<string, string>>]>} */
const dictionaries = [
  ['the SDK screens', uiTexts],
  ['the score reports', reportMessagesIn],
  ['Matatu Rush', matatuText],
  ['Savanna Snake', snakeText],
  ['Tile Merge', tileText],
];

describe.each(dictionaries)('the texts of %s', (_, dictionary) => {
  it('exist in English and Kiswahili with the same keys and the same placeholders', () => {
    const en = dictionary.en ?? {};
    const sw = dictionary.sw ?? {};
    expect(Object.keys(sw).sort()).toEqual(Object.keys(en).sort());
    const placeholders = (/** @type {string} */ value) => (value.match(/\{\w+\}/g) ?? []).sort();
    for (const [key, english] of Object.entries(en)) {
      const kiswahili = sw[key] ?? '';
      expect(kiswahili.trim(), key).not.toBe('');
      expect(placeholders(kiswahili), key).toEqual(placeholders(english));
    }
  });

  it('are translated, not English copied into the Kiswahili', () => {
    const en = dictionary.en ?? {};
    const sw = dictionary.sw ?? {};
    const same = Object.keys(en).filter((key) => en[key] === sw[key]);
    expect(same).toEqual([]);
  });
});
