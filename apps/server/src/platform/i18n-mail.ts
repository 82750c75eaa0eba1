import { type Language, languageOf } from '@playon/shared/i18n/language';
import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';

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

/**
 * An operator's answer to a player's feedback, mailed in the player's profile language (no request of
 * theirs is at hand): the operator's words as written, PlayOn's frame and the date in that language.
 */
export function feedbackAnswerMail(
  language: Language,
  feedback: { subject: string; message: string; createdAt: Date },
  answer: string,
) {
  const quoted = feedback.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const writtenAt = feedback.createdAt.toLocaleString(language === 'sw' ? 'sw-KE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Nairobi',
  });
  const frame =
    language === 'sw'
      ? { signature: '— Huduma kwa wateja ya PlayOn', wrote: `Uliandika ${writtenAt}:` }
      : { signature: '— PlayOn support', wrote: `You wrote on ${writtenAt}:` };
  return {
    subject: `Re: ${feedback.subject}`,
    text: `${answer}\n\n${frame.signature}\n\n${frame.wrote}\n${quoted}\n`,
  };
}

/**
 * The language a player chose on their profile, English when never chosen or without a
 * profile: for e-mails sent without a request of theirs. Read by SQL, so the identity module does not
 * import the profile module built on it.
 */
export async function profileLanguageOf(db: Db, uid: string): Promise<Language> {
  const result = (await db.execute(sql`select language from profiles where uid = ${uid}`)) as {
    rows: { language: string | null }[];
  };
  return result.rows[0]?.language === 'sw' ? 'sw' : 'en';
}
