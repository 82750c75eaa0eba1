import type { Language } from './language.ts';
import { serverPatternsSw, serverTextsSw } from './server-sw.ts';

/**
 * A server message (written in English, the product's exact words) in `language`: the same text for
 * English, the catalogue's text or pattern for Kiswahili, undefined when the catalogue has none.
 */
export function translateServerMessage(english: string, language: Language): string | undefined {
  if (language === 'en') return english;
  const exact = serverTextsSw.get(english);
  if (exact !== undefined) return exact;
  for (const [pattern, render] of serverPatternsSw) {
    const match = pattern.exec(english);
    if (match) {
      const text = render(...match.slice(1));
      if (text !== undefined) return text;
    }
  }
  return undefined;
}
