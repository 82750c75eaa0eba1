import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export interface SandboxIdentity {
  subject: string;
  name: string;
  email: string;
  picture: string | null;
}

export const sandboxOAuthGrants = pgTable('sandbox_oauth_grants', {
  /** The authorization code, later also the access token: one row walks code → token. */
  code: text('code').primaryKey(),
  provider: text('provider').notNull(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge'),
  codeChallengeMethod: text('code_challenge_method'),
  identity: jsonb('identity').$type<SandboxIdentity>().notNull(),
  codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
  accessToken: text('access_token').unique(),
  tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
});
