import { messages } from './messages.ts';

/** The identity errors (docs/product.md, "Identity errors"), keyed by the code suffix. */
export const identityErrorTexts: Record<string, string> = {
  'email-already-in-use': 'The email address is already in use by another account.',
  'invalid-email': 'The email address is badly formatted.',
  'wrong-password': 'The password is invalid or the user does not have a password.',
  'user-not-found':
    'There is no user record corresponding to this identifier. The user may have been deleted.',
  'user-disabled': 'The user account has been disabled by an administrator.',
  'weak-password': 'The password must be 6 characters long or more.',
  'too-many-requests':
    'We have blocked all requests from this device due to unusual activity. Try again later.',
  'network-request-failed':
    'A network AuthError (such as timeout, interrupted connection or unreachable host) has occurred.',
  'requires-recent-login':
    'This operation is sensitive and requires recent authentication. Log in again before retrying this request.',
  'account-exists-with-different-credential':
    'An account already exists with the same email address but different sign-in credentials. Sign in using a provider associated with this email address.',
  'popup-blocked': 'The sign-in window was blocked by the browser. Allow pop-ups for PlayOn and try again.',
  'popup-closed-by-user': 'The sign-in window was closed before finishing the sign in.',
};

/** better-auth error codes → the catalogue's codes. */
const identityServiceCodes: Record<string, string> = {
  USER_ALREADY_EXISTS: 'email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email-already-in-use',
  INVALID_EMAIL: 'invalid-email',
  INVALID_EMAIL_OR_PASSWORD: 'wrong-password',
  INVALID_PASSWORD: 'wrong-password',
  USER_NOT_FOUND: 'user-not-found',
  USER_BANNED: 'user-disabled',
  BANNED_USER: 'user-disabled',
  PASSWORD_TOO_SHORT: 'weak-password',
  TOO_MANY_REQUESTS: 'too-many-requests',
  NETWORK_ERROR: 'network-request-failed',
  SESSION_EXPIRED: 'requires-recent-login',
  SESSION_NOT_FRESH: 'requires-recent-login',
  ACCOUNT_NOT_LINKED: 'account-exists-with-different-credential',
  LINKING_DIFFERENT_EMAILS_NOT_ALLOWED: 'account-exists-with-different-credential',
  account_not_linked: 'account-exists-with-different-credential',
};

/**
 * Friendly text for an identity error: accepts a catalogue code (`auth/wrong-password` or
 * `wrong-password`), a better-auth code, or an HTTP status of 429. A 429 shows the server's own
 * text when it gives one (what was counted and how long to wait, docs/operations.md); so does a
 * refusal (403) the catalogue has no text for (an address PlayOn does not accept sign-in from
 * names the one it does); anything else is 'Something happened.'
 */
export function identityErrorMessage(error: {
  code?: string | undefined;
  status?: number | undefined;
  message?: string | undefined;
}): string {
  if (error.status === 429) return error.message || (identityErrorTexts['too-many-requests'] as string);
  const code = error.code ?? '';
  const suffix = code.includes('/') ? code.slice(code.lastIndexOf('/') + 1) : code;
  const catalogueCode = identityServiceCodes[suffix] ?? suffix;
  const text = identityErrorTexts[catalogueCode];
  if (text) return text;
  if (error.status === 403 && error.message) return error.message;
  return messages.genericError;
}
