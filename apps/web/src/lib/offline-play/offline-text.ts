import { enOfflinePlay } from '../locales/en-offline-play';
import { swOfflinePlay } from '../locales/sw-offline-play';
import { useTranslation } from '../translation';

export type OfflineTextKey = keyof typeof enOfflinePlay;

/**
 * A text of playing offline in `language`, its `{{name}}`s filled from `values`: these texts live in
 * their own locale files (lib/locales/*-offline-play.ts) and travel only with the offline parts.
 */
export function offlineText(
  language: string,
  key: OfflineTextKey,
  values: Record<string, string | number> = {},
) {
  const texts = language.startsWith('sw') ? swOfflinePlay : enOfflinePlay;
  return texts[key].replace(/\{\{\s*(\w+)\s*\}\}/g, (written, name: string) =>
    name in values ? String(values[name]) : written,
  );
}

/** `offlineText` in the app's language; renders again when it changes. */
export function useOfflineText() {
  const { i18n } = useTranslation();
  return (key: OfflineTextKey, values?: Record<string, string | number>) =>
    offlineText(i18n.language, key, values);
}
