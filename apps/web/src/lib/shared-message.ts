import { translateServerMessage } from '@playon/shared/i18n/translate';
import { currentLanguage } from './language';

/**
 * A message written once in packages/shared (in English, as the server writes it) in the app's
 * language, from the catalogue the server answers with (ADR 0032); the English when it has none.
 */
export const sharedMessage = (english: string): string =>
  translateServerMessage(english, currentLanguage()) ?? english;
