import { normaliseKenyanPhone } from '@playon/shared/payments';
import { count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { authUser } from '../auth/service.ts';
import { escapeLike } from '../operator/service.ts';
import { profiles, pushSubscriptions } from './schema.ts';

/** A Kenyan phone is stored as the player typed it: 0712…, 254712… or +254712…; match any. */
function phoneForms(q: string): string[] {
  const international = normaliseKenyanPhone(q);
  if (!international) return [];
  const local = international.slice(3);
  return [`0${local}`, international, `+${international}`];
}

/**
 * What the console reads and erases of players' profiles: the search over identity and
 * profile, one player's profile, their browsers, and the erasure a deletion makes.
 */
export function createPlayerRecords(db: Db) {
  async function profileOf(uid: string, tx: Db = db) {
    const [row] = await tx.select().from(profiles).where(eq(profiles.uid, uid));
    return row;
  }

  return {
    profileOf,

    /** Each player's username, or the profile's e-mail without one, for a console list. */
    async labelsOf(uids: readonly string[]) {
      if (uids.length === 0) return new Map<string, string | null>();
      const rows = await db
        .select({ uid: profiles.uid, username: profiles.username, email: profiles.email })
        .from(profiles)
        .where(inArray(profiles.uid, [...uids]));
      return new Map(rows.map((row) => [row.uid, row.username ?? row.email ?? null]));
    },

    /** Newest first; `q` matches name, username, e-mail, phone (any form) or uid. */
    async search(query: { q?: string | undefined; page: number; pageSize: number }) {
      let where: SQL | undefined;
      if (query.q) {
        const like = `%${escapeLike(query.q)}%`;
        const phones = phoneForms(query.q);
        where = or(
          eq(authUser.id, query.q),
          ilike(authUser.email, like),
          ilike(authUser.name, like),
          ilike(profiles.name, like),
          ilike(profiles.username, like),
          ilike(profiles.email, like),
          ilike(profiles.phone, like),
          ...(phones.length > 0 ? [inArray(profiles.phone, phones)] : []),
        );
      }
      const [rows, [total]] = await Promise.all([
        db
          .select({
            uid: authUser.id,
            email: authUser.email,
            identityName: authUser.name,
            role: authUser.role,
            banned: authUser.banned,
            createdAt: authUser.createdAt,
            name: profiles.name,
            username: profiles.username,
            phone: profiles.phone,
          })
          .from(authUser)
          .leftJoin(profiles, eq(profiles.uid, authUser.id))
          .where(where)
          .orderBy(desc(authUser.createdAt), desc(authUser.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: count() })
          .from(authUser)
          .leftJoin(profiles, eq(profiles.uid, authUser.id))
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The player's browsers: endpoints and when, never the keys. */
    pushEndpointsOf(uid: string) {
      return db
        .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.playerUid, uid));
    },

    /**
     * The profile's personal data erased (the row stays, with its referral code, for the uid other
     * records name) and the player's browsers forgotten. Resolves to the picture it pointed at, for
     * the uploads to remove, and how many browsers went.
     */
    async erase(uid: string, tx: Db) {
      const before = await profileOf(uid, tx);
      await tx
        .update(profiles)
        .set({
          name: null,
          username: null,
          email: null,
          dob: null,
          gender: null,
          phone: null,
          profilePic: null,
          countryId: null,
          currencyId: null,
          updatedAt: sql`now()`,
        })
        .where(eq(profiles.uid, uid));
      const browsers = await tx
        .delete(pushSubscriptions)
        .where(eq(pushSubscriptions.playerUid, uid))
        .returning({ id: pushSubscriptions.id });
      return { profilePic: before?.profilePic ?? null, pushSubscriptions: browsers.length };
    },
  };
}

export type PlayerRecords = ReturnType<typeof createPlayerRecords>;
