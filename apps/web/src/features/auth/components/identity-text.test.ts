import { identityErrorMessage } from '@playon/shared/identity-errors';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../../lib/i18n';
import { identityText } from './identity-text';

describe('an identity error shown to the player', () => {
  afterEach(() => chooseLanguage('en'));

  it("keeps the product's English for an English player", () => {
    expect(identityText(identityErrorMessage({ code: 'INVALID_EMAIL_OR_PASSWORD' }))).toBe(
      'The password is invalid or the user does not have a password.',
    );
  });

  it('reads in Kiswahili for a Kiswahili player, Something happened. included', async () => {
    await chooseLanguage('sw');
    expect(identityText(identityErrorMessage({ code: 'INVALID_EMAIL_OR_PASSWORD' }))).toBe(
      'Nenosiri si sahihi, au akaunti hii haina nenosiri.',
    );
    expect(identityText(identityErrorMessage({ code: 'SOMETHING_NEW' }))).toBe('Kuna hitilafu.');
  });

  it("shows a refusal's own reason from the server as it came", async () => {
    await chooseLanguage('sw');
    expect(identityText('Invalid origin')).toBe('Invalid origin');
  });
});
