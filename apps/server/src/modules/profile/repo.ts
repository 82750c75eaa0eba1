import type { Profile } from '@playon/shared/profile';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { profiles, pushSubscriptions } from './schema.ts';

type ProfileRow = typeof profiles.$inferSelect;
export type NewProfile = Pick<
  typeof profiles.$inferInsert,
  'uid' | 'email' | 'name' | 'profilePic' | 'referralCode' | 'countryId' | 'currencyId'
>;
export type ProfileChanges = Partial<
  Pick<
    ProfileRow,
    | 'name'
    | 'username'
    | 'email'
    | 'dob'
    | 'gender'
    | 'phone'
    | 'profilePic'
    | 'countryId'
    | 'currencyId'
    | 'language'
  >
>;

/** `chatRooms`: the chatRoomUids of the player's chat rooms. */
export function toProfile(row: ProfileRow, chatRooms: string[]): Profile {
  return {
    id: row.id,
    uid: row.uid,
    name: row.name,
    username: row.username,
    email: row.email,
    dob: row.dob,
    gender: row.gender,
    phone: row.phone,
    profilePic: row.profilePic,
    countryId: row.countryId,
    currencyId: row.currencyId,
    chatRooms,
    referralCode: row.referralCode,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createProfileRepo(db: Db) {
  return {
    async findByUid(uid: string, tx: Db = db) {
      const [row] = await tx.select().from(profiles).where(eq(profiles.uid, uid));
      return row;
    },
    /** By username regardless of case, as the unique index on lower(username) compares them. */
    async findByUsername(username: string, tx: Db = db) {
      const [row] = await tx
        .select({ uid: profiles.uid })
        .from(profiles)
        .where(sql`lower(${profiles.username}) = lower(${username})`);
      return row;
    },
    async findByReferralCode(referralCode: string, tx: Db = db) {
      const [row] = await tx.select().from(profiles).where(eq(profiles.referralCode, referralCode));
      return row;
    },
    /** Inserts unless the player already has a profile; undefined then. */
    async insert(profile: NewProfile, tx: Db = db) {
      const [row] = await tx
        .insert(profiles)
        .values(profile)
        .onConflictDoNothing({ target: profiles.uid })
        .returning();
      return row;
    },
    async update(uid: string, changes: ProfileChanges, tx: Db = db) {
      const [row] = await tx
        .update(profiles)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(profiles.uid, uid))
        .returning();
      return row;
    },
    async upsertPushSubscription(playerUid: string, endpoint: string, subscription: unknown, tx: Db = db) {
      await tx
        .insert(pushSubscriptions)
        .values({ playerUid, endpoint, subscription })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { playerUid, subscription, updatedAt: sql`now()` },
        });
    },
    async pushSubscriptionsOf(playerUid: string, tx: Db = db) {
      return tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.playerUid, playerUid));
    },
    pushSubscriptionsOfPlayers(playerUids: string[], tx: Db = db) {
      if (playerUids.length === 0) return Promise.resolve([]);
      return tx.select().from(pushSubscriptions).where(inArray(pushSubscriptions.playerUid, playerUids));
    },
    /** The player's subscription at this endpoint only: the endpoint may belong to someone else by now. */
    async deletePushSubscription(playerUid: string, endpoint: string, tx: Db = db) {
      await tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.playerUid, playerUid), eq(pushSubscriptions.endpoint, endpoint)));
    },
  };
}

export type ProfileRepo = ReturnType<typeof createProfileRepo>;
