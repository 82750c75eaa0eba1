import { enChallenges } from '../../../lib/locales/en-challenges';
import { swChallenges } from '../../../lib/locales/sw-challenges';
import type { Texts, TranslateOptions } from '../../../lib/translation';
import { useTranslation } from '../../../lib/translation';

function find(texts: Texts, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * `useTranslation` for the challenges screens: their texts come with their chunk, in both languages
 * (lib/locales/en-challenges.ts), so the first screens' download does not carry them. Any other key is
 * the app's catalogue's.
 */
export function useChallengeTranslation() {
  const { t, i18n } = useTranslation();
  const texts: Texts = i18n.language === 'sw' ? swChallenges : enChallenges;
  return {
    i18n,
    t: (key: string, options: TranslateOptions = {}) =>
      t(key, { ...options, defaultValue: find(texts, key) ?? find(enChallenges, key) }),
  };
}
