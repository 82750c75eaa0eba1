import { textAt } from '../../../../lib/locales/text-at';
import type { Texts, TranslateOptions } from '../../../../lib/translation';
import { useTranslation } from '../../../../lib/translation';
import { enInsight } from '../locales/en-insight';
import { swInsight } from '../locales/sw-insight';

/**
 * `useTranslation` for the Insight area: its texts come with the console's chunk, in English and
 * Kiswahili (../locales/en-insight.ts, sw-insight.ts), in the console's chunks only: never a player's download.
 */
export function useInsightTranslation() {
  const { t, i18n } = useTranslation();
  const texts: Texts = i18n.language === 'sw' ? swInsight : enInsight;
  const locale = i18n.language === 'sw' ? 'sw-KE' : 'en-GB';
  return {
    i18n,
    locale,
    t: (key: string, options: TranslateOptions = {}) =>
      t(`insight.${key}`, {
        ...options,
        defaultValue: textAt(texts, `insight.${key}`) ?? textAt(enInsight, `insight.${key}`),
      }),
  };
}

export type InsightT = ReturnType<typeof useInsightTranslation>['t'];
