import { enInsight } from '../../../../lib/locales/en-insight';
import { swInsight } from '../../../../lib/locales/sw-insight';
import type { Texts, TranslateOptions } from '../../../../lib/translation';
import { useTranslation } from '../../../../lib/translation';

function find(texts: Texts, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * `useTranslation` for the Insight area: its texts come with the console's chunk, in English and
 * Kiswahili (lib/locales/en-insight.ts, sw-insight.ts), never in a player's download.
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
        defaultValue: find(texts, `insight.${key}`) ?? find(enInsight, `insight.${key}`),
      }),
  };
}

export type InsightT = ReturnType<typeof useInsightTranslation>['t'];
