import { identityErrorTexts } from '@playon/shared/identity-errors';
import { messages } from '@playon/shared/messages';
import translator from '../../../lib/translation';

/**
 * An identity error's text in the player's language. The auth client words its errors in the
 * product's English (docs/product.md, "Identity errors"; identityErrorMessage); one from the
 * catalogue, or 'Something happened.', is looked up by its text. Anything else (a refusal's own
 * reason from the server) is shown as it came.
 */
export function identityText(english: string): string {
  if (english === messages.genericError) return translator.t('common.genericError');
  const code = Object.keys(identityErrorTexts).find((key) => identityErrorTexts[key] === english);
  return code ? translator.t(`identity.${code}`) : english;
}
