import { identityErrorTexts } from '@playon/shared/identity-errors';
import { messages } from '@playon/shared/messages';
import i18next from 'i18next';

/**
 * An identity error's text in the player's language. The auth client words its errors in the spec's
 * English (identityErrorMessage); one from the catalogue, or 'Something happened.', is looked up by
 * its text. Anything else (a refusal's own reason from the server) is shown as it came.
 */
export function identityText(english: string): string {
  if (english === messages.genericError) return i18next.t('common.genericError');
  const code = Object.keys(identityErrorTexts).find((key) => identityErrorTexts[key] === english);
  return code ? i18next.t(`identity.${code}`) : english;
}
