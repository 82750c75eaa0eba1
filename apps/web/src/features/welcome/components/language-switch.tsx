import { useState } from 'react';
import type { Language } from '../../../lib/language';
import { chooseWelcomeLanguage, useWelcomeText } from './welcome-text';

// Each language is named in itself, so a player finds theirs whichever the page speaks now.
const names: Record<Language, string> = { en: 'English', sw: 'Kiswahili' };

/**
 * "English | Kiswahili" in the welcome page's corner: two toggle buttons, the current one pressed.
 * Absolutely placed, so choosing (and the longer Kiswahili texts) never moves the buttons below.
 */
export function LanguageSwitch() {
  const { text, language } = useWelcomeText();
  const [isLoading, setLoading] = useState(false);
  const choose = (next: Language) => {
    if (next === language || isLoading) return;
    setLoading(true);
    chooseWelcomeLanguage(next)
      .catch(() => undefined)
      .finally(() => setLoading(false));
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would draw a legend; a named group of toggles is what it is.
    <div role="group" aria-label={text.language} className="absolute top-2 right-3 flex items-center text-sm">
      {(['en', 'sw'] as const).map((option, index) => (
        <span key={option} className="flex items-center">
          {index > 0 ? (
            <span aria-hidden="true" className="text-muted">
              |
            </span>
          ) : null}
          <button
            type="button"
            lang={option}
            aria-pressed={option === language}
            aria-busy={isLoading && option !== language}
            onClick={() => choose(option)}
            className={`h-11 min-w-11 px-2 ${option === language ? 'font-semibold text-white underline underline-offset-4' : 'text-muted'}`}
          >
            {names[option]}
          </button>
        </span>
      ))}
    </div>
  );
}
