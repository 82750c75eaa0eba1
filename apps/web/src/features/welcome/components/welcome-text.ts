import { useSyncExternalStore } from 'react';
import { currentLanguage, type Language, setLanguage, subscribeLanguage } from '../../../lib/language';
import { enWelcome } from '../../../lib/locales/en-welcome';
import type { Texts } from '../../../lib/locales/shape';

export type WelcomeText = Texts<typeof enWelcome>;

/** Kiswahili's texts once fetched; `/` carries English only, without the translator (see main.tsx). */
let swWelcome: WelcomeText | undefined;

/** Fetches the welcome page's texts in `language` (Kiswahili is its own small chunk). */
export async function loadWelcomeText(language: Language): Promise<void> {
  if (language === 'sw' && !swWelcome)
    swWelcome = (await import('../../../lib/locales/sw-welcome')).swWelcome;
}

/** The player's choice on the welcome page: the texts come first, so the page never shows half of each. */
export async function chooseWelcomeLanguage(language: Language): Promise<void> {
  await loadWelcomeText(language);
  setLanguage(language);
}

const textOf = (language: Language): WelcomeText => (language === 'sw' && swWelcome) || enWelcome;

/** The welcome page's texts in the current language, and the language itself. */
export function useWelcomeText(): { text: WelcomeText; language: Language } {
  // Hydrating `/` rendered ahead: it was rendered in this language, or it is not hydrated (ADR 0062).
  const language = useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
  return { text: textOf(language), language };
}
