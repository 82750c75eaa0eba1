import { PasswordSchema } from '@playon/shared/password';
import { profileFieldError } from '@playon/shared/profile';
import { feedbackMessages } from '@playon/shared/support';
import { FriendUsernameSchema } from '@playon/shared/users';
import { afterEach, describe, expect, it } from 'vitest';
import { TIMEOUT_MESSAGE } from '../api-fetch';
import { chooseLanguage } from '../i18n';
import { en } from './en';
import { formText } from './form-text';

/** What the forms' own checks answer for the usual mistakes, straight from the shared schemas. */
const schemaAnswers = [
  profileFieldError('email', ''),
  profileFieldError('email', 'amina@'),
  PasswordSchema.safeParse('12345').error?.issues[0]?.message,
  PasswordSchema.safeParse('x'.repeat(129)).error?.issues[0]?.message,
  profileFieldError('name', ''),
  profileFieldError('name', 'A'.repeat(81)),
  profileFieldError('username', ''),
  profileFieldError('username', 'a b'),
  profileFieldError('phone', ''),
  profileFieldError('phone', '12'),
  profileFieldError('gender', ''),
  profileFieldError('gender', 'BOTH'),
  profileFieldError('dob', ''),
  profileFieldError('dob', '2001-02-30'),
  profileFieldError('dob', '2020-01-01'),
  FriendUsernameSchema.safeParse('').error?.issues[0]?.message,
  ...Object.values(feedbackMessages).filter((text) => !/Thank you|a lot of feedback/.test(text)),
];

describe("a form's own check, shown to the player", () => {
  afterEach(() => chooseLanguage('en'));

  it('has a Kiswahili text for every answer the shared schemas give the usual mistakes', () => {
    expect(schemaAnswers.filter((answer) => !Object.values(en.forms).includes(answer as never))).toEqual([]);
  });

  it("keeps the product's English for an English player", () => {
    expect(formText(profileFieldError('dob', '2020-01-01') ?? undefined)).toBe(
      'You must be 18 or older to use PlayOn.',
    );
  });

  it('reads in Kiswahili for a Kiswahili player, and leaves a text it does not know as it is', async () => {
    await chooseLanguage('sw');
    expect(formText(profileFieldError('dob', '2020-01-01') ?? undefined)).toBe(
      'Lazima uwe na miaka 18 au zaidi ili kutumia PlayOn.',
    );
    expect(formText('Required')).toBe('Inahitajika');
    expect(formText('Something new.')).toBe('Something new.');
  });

  it("reads the API client's own failures (no answer, timed out, signed out) in Kiswahili in a toast", async () => {
    expect(en.product.requestTimedOut).toBe(TIMEOUT_MESSAGE);
    await chooseLanguage('sw');
    expect(formText(TIMEOUT_MESSAGE)).toBe(
      'Ombi limechukua muda mrefu mno. Angalia mtandao wako kisha ujaribu tena.',
    );
    expect(formText(en.common.genericError)).toBe('Kuna hitilafu.');
    expect(formText(en.product.notLoggedIn)).toBe('Hujaingia kwenye akaunti yako');
  });
});
