import { useMemo, useSyncExternalStore } from 'react';

/**
 * The app's translator (ADR 0041): i18next's API as the app uses it, and nothing more. i18next and
 * react-i18next were 41 KB run and 13 KB sent of every first screen's code, for what this does:
 * - keys are paths into nested texts (`wallet.title`);
 * - `{{name}}` takes the option of that name, as it is (React escapes what it renders);
 * - with a numeric `count`, the key's plural form for the language (`_one`, `_other`, as
 *   `Intl.PluralRules` names them) wins over the key itself;
 * - a text missing in the language comes from English, then `defaultValue`, then the key itself;
 * - `lng` asks one text in another language than the app's.
 */

export type Texts = { readonly [key: string]: string | Texts };

export interface TranslateOptions {
  count?: number;
  lng?: string;
  defaultValue?: string;
  [name: string]: unknown;
}

export type Translate = (key: string, options?: TranslateOptions) => string;

const FALLBACK = 'en';
const bundles = new Map<string, Texts>();
const pluralRules = new Map<string, Intl.PluralRules>();
const listeners = new Set<() => void>();
let language = FALLBACK;

function lookup(lng: string, key: string): string | undefined {
  let node: string | Texts | undefined = bundles.get(lng);
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function pluralOf(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) {
    rules = new Intl.PluralRules(lng);
    pluralRules.set(lng, rules);
  }
  return rules.select(count);
}

function textIn(lng: string, key: string, count: unknown): string | undefined {
  if (typeof count === 'number') {
    const plural = lookup(lng, `${key}_${pluralOf(lng, count)}`) ?? lookup(lng, `${key}_other`);
    if (plural !== undefined) return plural;
  }
  return lookup(lng, key);
}

function translate(lng: string, key: string, options: TranslateOptions = {}): string {
  const text =
    textIn(lng, key, options.count) ??
    (lng === FALLBACK ? undefined : textIn(FALLBACK, key, options.count)) ??
    options.defaultValue ??
    key;
  // A name the options do not give stays as written, as i18next leaves it.
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (written, name: string) =>
    name in options ? String(options[name]) : written,
  );
}

const currentTextLanguage = () => language;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The translator outside components, under i18next's names. */
const translator = {
  get language(): string {
    return language;
  },
  t: ((key, options) => translate(options?.lng ?? language, key, options)) as Translate,
  getFixedT:
    (lng: string): Translate =>
    (key, options) =>
      translate(options?.lng ?? lng, key, options),
  /** Makes `lng` the app's language: every component using `useTranslation` renders again. */
  async changeLanguage(lng: string): Promise<void> {
    if (lng === language) return;
    language = lng;
    for (const listener of listeners) listener();
  },
  addResourceBundle(lng: string, _namespace: 'translation', texts: Texts): void {
    bundles.set(lng, texts);
  },
  hasResourceBundle: (lng: string, _namespace: 'translation'): boolean => bundles.has(lng),
};

export type I18n = typeof translator;

/** `t` in the app's language, and the translator; renders again when the language changes. */
export function useTranslation(): { t: Translate; i18n: I18n } {
  // Hydrating a screen rendered ahead: it was rendered in this language, or it is not hydrated (ADR 0062).
  const lng = useSyncExternalStore(subscribe, currentTextLanguage, currentTextLanguage);
  return useMemo(
    () => ({
      t: (key: string, options?: TranslateOptions) => translate(options?.lng ?? lng, key, options),
      i18n: translator,
    }),
    [lng],
  );
}

export default translator;
