import { describe, expect, it } from 'vitest';
import { identityErrorMessage } from './identity-errors.ts';
import { messages } from './messages.ts';

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

  it("tells a player held back by the sign-in limits to wait, in the server's words", () => {
    expect(
      identityErrorMessage({ code: 'TOO_MANY_REQUESTS', status: 429, message: messages.pause.signIn }),
    ).toBe(messages.pause.signIn);
  });

  it("shows the server's reason for a refusal the catalogue has no text for", () => {
    const reason = 'Sign-in is not allowed at this address. Open PlayOn at http://localhost:3000.';
    expect(identityErrorMessage({ code: 'INVALID_ORIGIN', status: 403, message: reason })).toBe(reason);
    // The catalogue's own text wins over the server's.
    expect(identityErrorMessage({ code: 'USER_BANNED', status: 403, message: 'banned' })).toBe(
      'The user account has been disabled by an administrator.',
    );
    expect(identityErrorMessage({ code: 'INVALID_TOKEN', status: 400, message: 'Invalid token' })).toBe(
      'Something happened.',
    );
  });

  it("falls back to 'Something happened.' for anything else", () => {
    expect(identityErrorMessage({ code: 'multi-factor-auth-required' })).toBe('Something happened.');
    expect(identityErrorMessage({})).toBe('Something happened.');
  });
});
