import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db.ts';
import { darajaTokens } from './schema.ts';
import type { TokenStore } from './token.ts';

/** The store's key of an API's token: the API and a digest of its consumer key (never the key itself). */
export const tokenStoreKey = (api: string, consumerKey: string) =>
  `${api}:${createHash('sha256').update(consumerKey).digest('hex').slice(0, 16)}`;

/**
 * The token every instance uses, in the database (ADR 0074): a row per API, its renewal taken by
 * one conditional write so two instances never both fetch. The lease is timed by the database's clock.
 */
export function databaseTokenStore(db: Db, api: string): TokenStore {
  const row = eq(darajaTokens.api, api);
  return {
    async read() {
      const [found] = await db
        .select({ accessToken: darajaTokens.accessToken, expiresAt: darajaTokens.expiresAt })
        .from(darajaTokens)
        .where(row);
      if (!found?.accessToken || !found.expiresAt) return null;
      return { value: found.accessToken, renewAt: found.expiresAt.getTime() };
    },

    async claim(stale, leaseMs) {
      const until = sql`now() + ${leaseMs} * interval '1 millisecond'`;
      const taken = await db
        .insert(darajaTokens)
        .values({ api, renewingUntil: until })
        .onConflictDoUpdate({
          target: darajaTokens.api,
          set: { renewingUntil: until, updatedAt: sql`now()` },
          where: and(
            or(isNull(darajaTokens.renewingUntil), lt(darajaTokens.renewingUntil, sql`now()`)),
            stale === null ? isNull(darajaTokens.accessToken) : eq(darajaTokens.accessToken, stale),
          ),
        })
        .returning({ api: darajaTokens.api });
      return taken.length > 0;
    },

    async write(token) {
      await db
        .update(darajaTokens)
        .set({
          accessToken: token.value,
          expiresAt: new Date(token.renewAt),
          renewingUntil: null,
          updatedAt: sql`now()`,
        })
        .where(row);
    },

    async release() {
      await db.update(darajaTokens).set({ renewingUntil: null }).where(row);
    },
  };
}
