import { LAUNCH_PARAMS } from '@playon/shared/games';
import { languageOf } from '@playon/shared/i18n/language';

/** The game speaks the player's language: the SDK reads it from the launch address (`lang`). */
export function launchUrlIn(launchUrl: string, language: string, origin = window.location.origin): string {
  const url = new URL(launchUrl, origin);
  url.searchParams.set(LAUNCH_PARAMS.language, languageOf(language));
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
}
