import { enChallenges } from '../../../lib/locales/en-challenges';
import { swChallenges } from '../../../lib/locales/sw-challenges';
import { textAt } from '../../../lib/locales/text-at';
import type { Texts, TranslateOptions } from '../../../lib/translation';
import { useTranslation } from '../../../lib/translation';

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
      t(key, { ...options, defaultValue: textAt(texts, key) ?? textAt(enChallenges, key) }),
  };
}
