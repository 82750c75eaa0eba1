import translator from '../translation';
import { en } from './en';

const keyOf = new Map<string, string>([
  ...Object.entries(en.product).map(([key, english]): [string, string] => [english, `product.${key}`]),
  ...Object.entries(en.forms).map(([key, english]): [string, string] => [english, `forms.${key}`]),
  [en.common.genericError, 'common.genericError'],
]);

/**
 * A shared schema's message in the player's language. The schemas (packages/shared) speak the product's
 * English, on the server too, where the envelope translates; a form that checks before sending finds
 * the text here by its English. One the locales do not hold is shown as it is.
 */
export function formText<T extends string | undefined>(english: T): T | string {
  const key = english === undefined ? undefined : keyOf.get(english);
  return key ? translator.t(key) : english;
}
