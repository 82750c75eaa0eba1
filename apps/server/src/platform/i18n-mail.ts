import { type Language, languageOf } from '@playon/shared/i18n/language';

/** The language of the request that asked for an e-mail; English when none did (an operator's reset). */
export function languageOfMailRequest(request: Request | undefined): Language {
  return languageOf(request?.headers.get('accept-language') ?? undefined);
}

/** The password-reset e-mail in the language its request asked in (docs/glossary.md for the terms). */
export function passwordResetMail(language: Language, name: string | null | undefined, url: string) {
  if (language === 'sw')
    return {
      subject: 'Weka nenosiri jipya la PlayOn',
      text: `Habari${name ? ` ${name}` : ''},\n\nFungua kiungo hiki ili uchague nenosiri jipya la PlayOn:\n${url}\n\nIkiwa hukuomba hili, puuza ujumbe huu.`,
    };
  return {
    subject: 'Reset your PlayOn password',
    text: `Hello${name ? ` ${name}` : ''},\n\nOpen this link to choose a new PlayOn password:\n${url}\n\nIf you did not ask for this, ignore this message.`,
  };
}
