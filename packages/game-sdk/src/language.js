// @ts-check
// The language a game speaks: PlayOn's web app adds `lang` to the launch address (LAUNCH_PARAMS.language).

/** The languages PlayOn speaks (`languages` in packages/shared/src/i18n/language.ts); English is the default. */
export const GAME_LANGUAGES = Object.freeze(/** @type {const} */ (['en', 'sw']));

/** @typedef {(typeof GAME_LANGUAGES)[number]} GameLanguage */

/**
 * The language of a `lang` value: Kiswahili for `sw` (or `sw-KE`), English for anything else or none.
 * @param {string | null | undefined} value
 * @returns {GameLanguage}
 */
export function gameLanguage(value) {
  const primary = (value ?? '').trim().toLowerCase().split('-')[0];
  return primary === 'sw' ? 'sw' : 'en';
}

/**
 * A game's texts, the same keys in each language.
 * @template {string} Key
 * @typedef {Record<GameLanguage, Record<Key, string>>} Dictionary
 */

/**
 * `t(key, values)` over one language of a dictionary; `{name}` in a text is replaced by `values.name`.
 * @template {string} Key
 * @param {Dictionary<Key>} dictionary
 * @param {GameLanguage} language
 * @returns {(key: Key, values?: Record<string, string | number>) => string}
 */
export function translator(dictionary, language) {
  const texts = dictionary[language];
  return (key, values = {}) =>
    texts[key].replace(/\{(\w+)\}/g, (placeholder, name) =>
      name in values ? String(values[name]) : placeholder,
    );
}
