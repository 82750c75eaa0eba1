import { describe, expect, it } from 'vitest';
import { identityErrorMessage } from './identity-errors.ts';

describe('identity error texts', () => {
  it('maps catalogue codes, with or without their prefix', () => {
    expect(identityErrorMessage({ code: 'auth/email-already-in-use' })).toBe(
      'The email address is already in use by another account.',
    );
    expect(identityErrorMessage({ code: 'weak-password' })).toBe(
      'The password must be 6 characters long or more.',
    );
  });

  it("maps the identity service's own codes to the catalogue", () => {
    expect(identityErrorMessage({ code: 'USER_ALREADY_EXISTS' })).toBe(
      'The email address is already in use by another account.',
    );
    expect(identityErrorMessage({ code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe(
      'The password is invalid or the user does not have a password.',
    );
    expect(identityErrorMessage({ status: 429 })).toMatch(/unusual activity/);
  });

  it("falls back to 'Something happened.' for anything else", () => {
    expect(identityErrorMessage({ code: 'multi-factor-auth-required' })).toBe('Something happened.');
    expect(identityErrorMessage({})).toBe('Something happened.');
  });
});
