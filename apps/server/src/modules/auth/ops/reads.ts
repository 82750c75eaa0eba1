import { and, asc, count, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { authUser } from '../schema.ts';

const PAGE = 1000;

/**
 * What the console reads of identities: sign-ups per day for the dashboard, and every
 * player who may sign in (not disabled) for a broadcast to all, read in keyset pages of a thousand.
 */
export function createIdentityReads(db: Db) {
  const enabled = eq(authUser.banned, false);

  async function* playerUids(tx: Db) {
    let after: string | undefined;
    for (;;) {
      const page = await tx
        .select({ uid: authUser.id })
        .from(authUser)
        .where(after === undefined ? enabled : and(enabled, gt(authUser.id, after)))
        .orderBy(asc(authUser.id))
        .limit(PAGE);
      for (const row of page) yield row.uid;
      if (page.length < PAGE) return;
      after = page.at(-1)?.uid;
    }
  }

  return {
    /** Identities created since `since`, per day of the clock `offsetMinutes` ahead of UTC. */
    async signUpsPerDay(since: Date, offsetMinutes: number) {
      const day = sql<string>`to_char((${authUser.createdAt} at time zone 'UTC') + make_interval(mins => ${offsetMinutes}::int), 'YYYY-MM-DD')`;
      return (
        db
          .select({ day, count: sql<number>`count(*)::int` })
          .from(authUser)
          .where(gte(authUser.createdAt, since))
          // By output position: the day holds a parameter, which GROUP BY cannot match by text.
          .groupBy(sql`1`)
      );
    },

    /** Which of these players may sign in (not disabled, not deleted): a saved audience keeps those. */
    async enabledAmong(uids: readonly string[], tx: Db = db) {
      if (uids.length === 0) return new Set<string>();
      const rows = await tx
        .select({ uid: authUser.id })
        .from(authUser)
        .where(and(enabled, inArray(authUser.id, [...uids])));
      return new Set(rows.map((row) => row.uid));
    },

    /** Every player who may sign in, in uid order, read in `tx`. */
    playerUids,

    /** A broadcast's audience "all players": how many now, and each once, read in `tx`. */
    async everyone() {
      const [row] = await db.select({ n: count() }).from(authUser).where(enabled);
      return { name: 'All players', count: row?.n ?? 0, uids: playerUids };
    },
  };
}

export type IdentityReads = ReturnType<typeof createIdentityReads>;
