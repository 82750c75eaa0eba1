import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currentLanguage, type Language, setLanguage, subscribeLanguage } from './language';
import { en } from './locales/en';
import { readProfile, subscribeSession } from './session-store';

/**
 * English is bundled and ready at once; Kiswahili is its own chunk, fetched only when a player
 * chooses it (ADR 0033), so the English player's download does not grow.
 */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Record<string, unknown>>> = {
  sw: () => import('./locales/sw').then((module) => module.sw),
};

/** Makes sure `language`'s texts are in i18next, fetching its chunk the first time. */
export async function loadTexts(language: Language): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'translation')) return;
  i18next.addResourceBundle(language, 'translation', await loaders[language]());
}

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
});

/** Makes `language` the app's once its texts are here: a chunk that cannot load leaves things as they were. */
export async function chooseLanguage(language: Language): Promise<void> {
  await loadTexts(language);
  setLanguage(language);
}

/** The profile's language, when the player ever chose one (null until then, or before the field existed). */
function profileLanguage(): Language | null {
  const language = (readProfile() as { language?: unknown } | null)?.language;
  return language === 'en' || language === 'sw' ? language : null;
}

/** Signed in, the language stored on the profile wins over this device's (issue 16). */
function followProfile(): void {
  const language = profileLanguage();
  if (language && language !== currentLanguage()) setLanguage(language);
}

async function speak(language: Language): Promise<void> {
  await loadTexts(language);
  // A later choice may have won while this one's chunk was on its way.
  if (currentLanguage() === language) await i18next.changeLanguage(language);
}

// A player reloading in Kiswahili sees no English first: this module (loaded with the providers
// layout, before any translated screen) waits for the Kiswahili chunk, which the entry preloads.
// A chunk that cannot load leaves English, which every screen can still show.
followProfile();
await speak(currentLanguage()).catch(() => undefined);
subscribeLanguage((language) => {
  void speak(language).catch(() => undefined);
});

subscribeSession(followProfile);

export default i18next;
