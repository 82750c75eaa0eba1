import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The one access token of each Safaricom API (Daraja, carrier billing) all instances use: Safaricom
 * revokes a token when it gives a newer one, so an instance fetching its own would revoke the others'.
 * One instance at a time renews it, holding `renewingUntil` (ADR 0074).
 */
export const darajaTokens = pgTable('daraja_tokens', {
  /** Which API and consumer key the token is for. */
  api: text('api').primaryKey(),
  accessToken: text('access_token'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** Set while an instance fetches a new token; another waits for it until then. */
  renewingUntil: timestamp('renewing_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
