import { createHash } from 'node:crypto';
import type { SandboxIdentity } from './schema.ts';

export const sandboxProviders = ['google', 'facebook'] as const;
export type SandboxProvider = (typeof sandboxProviders)[number];

/** Test identities a tester can pick with one tap. */
export const presetIdentities: SandboxIdentity[] = [
  { subject: 'sandbox-amina', name: 'Amina Wanjiru', email: 'amina.wanjiru@example.com', picture: null },
  { subject: 'sandbox-brian', name: 'Brian Otieno', email: 'brian.otieno@example.com', picture: null },
  { subject: 'sandbox-chebet', name: 'Chebet Kiprono', email: 'chebet.kiprono@example.com', picture: null },
];

/** A typed identity keeps one subject per email, so signing in again finds the same account. */
export function typedIdentity(name: string, email: string): SandboxIdentity {
  const subject = `sandbox-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 20)}`;
  return { subject, name, email: email.toLowerCase(), picture: null };
}

/** The user info each real provider returns, in its own shape. */
export function providerProfile(provider: SandboxProvider, identity: SandboxIdentity) {
  if (provider === 'google') {
    return {
      sub: identity.subject,
      email: identity.email,
      email_verified: true,
      name: identity.name,
      picture: identity.picture,
    };
  }
  return {
    id: identity.subject,
    name: identity.name,
    email: identity.email,
    picture: { data: { url: identity.picture } },
  };
}
