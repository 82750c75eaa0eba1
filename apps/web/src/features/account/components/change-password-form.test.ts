import { messages } from '@playon/shared/messages';
import { describe, expect, it } from 'vitest';
import { IdentityError } from '../../../lib/auth-client';
import { changePasswordErrors, changePasswordFailureText } from './change-password-form';

const filled = {
  email: 'amina@example.com',
  oldPassword: 'old-secret',
  newPassword: 'new-secret',
  confirmPassword: 'new-secret',
};

describe('change password', () => {
  it('requires the email and a confirmation that matches the new password', () => {
    const errors = changePasswordErrors({ ...filled, email: ' ', confirmPassword: 'new-secrte' });
    expect(errors.email).toBe('Please enter your email');
    expect(errors.confirmPassword).toBe(messages.passwordsDoNotMatch);
    expect(Object.values(changePasswordErrors(filled)).filter(Boolean)).toEqual([]);
  });

  it('explains a wrong current password and an account that has no password', () => {
    expect(changePasswordFailureText(new IdentityError('INVALID_PASSWORD', 400))).toBe(messages.reauthFailed);
    expect(changePasswordFailureText(new IdentityError('CREDENTIAL_ACCOUNT_NOT_FOUND', 400))).toBe(
      messages.passwordChangeNotAllowed,
    );
    expect(changePasswordFailureText(new IdentityError('SOMETHING_ELSE', 500))).toBe('Something happened.');
  });
});
