import type { Profile } from '@playon/shared/profile';
import { apiRequest } from './api-client';
import { currentLanguage, type Language, setLanguage, storedLanguage, subscribeLanguage } from './language';
import { en } from './locales/en';
import { readProfile, storeProfile, subscribeSession } from './session-store';
import translator, { type Texts } from './translation';

/**
 * English is bundled and ready at once; Kiswahili is its own chunk, fetched only when a player
 * chooses it (ADR 0033), so the English player's download does not grow.
 */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Texts>> = {
  sw: () => import('./locales/sw').then((module) => module.sw),
};

/** Makes sure `language`'s texts are in the translator, fetching its chunk the first time. */
export async function loadTexts(language: Language): Promise<void> {
  if (language === 'en' || translator.hasResourceBundle(language, 'translation')) return;
  translator.addResourceBundle(language, 'translation', await loaders[language]());
}

translator.addResourceBundle('en', 'translation', en);

/** Makes `language` the app's once its texts are here: a chunk that cannot load leaves things as they were. */
export async function chooseLanguage(language: Language): Promise<void> {
  await loadTexts(language);
  setLanguage(language);
}

const offered = new Set<string>();

/**
 * Signed in, the language stored on the profile wins over this phone's. A profile that
 * never chose one (null) is given the one this phone speaks when it is not the default: chosen here
 * (on the welcome page, before signing up) or the browser's Kiswahili. The server writes their
 * notifications and pushes in it too, which it would otherwise send in English. Once per player and page.
 */
function followProfile(): void {
  const profile = readProfile();
  if (profile?.language) {
    if (profile.language !== currentLanguage()) setLanguage(profile.language);
    return;
  }
  const chosenHere = storedLanguage() ?? (currentLanguage() === 'en' ? null : currentLanguage());
  if (profile?.language !== null || !chosenHere || offered.has(profile.uid)) return;
  offered.add(profile.uid);
  apiRequest<Profile>(`/profile/${encodeURIComponent(profile.uid)}`, {
    method: 'PUT',
    json: { language: chosenHere },
  }).then(
    (response) => storeProfile(response.payload),
    () => undefined, // The next page load offers it again.
  );
}

async function speak(language: Language): Promise<void> {
  await loadTexts(language);
  // A later choice may have won while this one's chunk was on its way.
  if (currentLanguage() === language) await translator.changeLanguage(language);
}

followProfile();
/**
 * Settles once the texts of the language the page opened in are in the translator. A player reloading in
 * Kiswahili sees no English first: the router waits for this before the providers layout (before any
 * translated screen; see screens.ts), and the entry starts the chunk's fetch early. Not a top-level
 * await here: the Kiswahili chunk imports shared code that lives in this module's chunk, and the two
 * would wait for each other for ever. A chunk that cannot load leaves English, which every screen shows.
 */
export const languageReady: Promise<void> = speak(currentLanguage()).catch(() => undefined);
subscribeLanguage((language) => {
  void speak(language).catch(() => undefined);
});

subscribeSession(followProfile);

export default translator;
