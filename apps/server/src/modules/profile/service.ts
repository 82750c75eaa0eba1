import type { DeviceTokenRequest } from '@playon/shared/device-token';
import { messages } from '@playon/shared/messages';
import { type Profile, type ProfileUpdate, profileFieldLabels } from '@playon/shared/profile';
import type { PublicUser } from '@playon/shared/tournaments';
import { type FriendLookup, userMessages } from '@playon/shared/users';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { type AuthService, type Player, providerPicture } from '../auth/service.ts';
import type { ReferenceService } from '../reference/service.ts';
import { newReferralCode } from './referral-code.ts';
import { createProfileRepo, type ProfileChanges, toProfile } from './repo.ts';
import { profiles } from './schema.ts';

export interface ProfileServiceDeps {
  db: Db;
  auth: Pick<AuthService, 'findUser'>;
  reference: Pick<ReferenceService, 'countryExists' | 'currencyExists' | 'homeChoice'>;
  /**
   * The chatRoomUids of the player's chat rooms: the chat module's room reader (a function, since
   * the chat service is built on this one, ADR 0021). Without it, as in benches, profiles list no rooms.
   */
  chatRoomsOf?: (uid: string) => Promise<string[]>;
}

export function createProfileService({ db, auth, reference, chatRoomsOf }: ProfileServiceDeps) {
  const repo = createProfileRepo(db);
  const withRooms = async (row: Parameters<typeof toProfile>[0]) =>
    toProfile(row, chatRoomsOf ? await chatRoomsOf(row.uid) : []);

  /** The login check: the player's profile, created from their identity on the first call. */
  async function logIn(player: Player): Promise<{ profile: Profile; created: boolean }> {
    const existing = await repo.findByUid(player.uid);
    if (existing) return { profile: await withRooms(existing), created: false };
    const user = await auth.findUser(player.uid);
    if (!user) throw new AppError('UNAUTHENTICATED', messages.notLoggedIn);
    // Kenya and the shilling until the player picks others (HOME_COUNTRY_CODE).
    const home = await reference.homeChoice();
    for (let attempt = 0; ; attempt++) {
      try {
        const row = await repo.insert({
          uid: user.id,
          email: user.email,
          name: user.name.trim() || null,
          // A provider's https picture at most; rows written before the identity service checked it may hold anything.
          profilePic: providerPicture(user.image),
          referralCode: newReferralCode(),
          countryId: home?.countryId ?? null,
          currencyId: home?.currencyId ?? null,
        });
        // A concurrent first login created it a moment ago.
        if (!row) return { profile: await withRooms(await mustFind(player.uid)), created: false };
        return { profile: await withRooms(row), created: true };
      } catch (error) {
        if (!isUniqueViolation(error, 'profiles_referral_code_unique') || attempt >= 5) throw error;
      }
    }
  }

  async function mustFind(uid: string) {
    const row = await repo.findByUid(uid);
    if (!row) throw new AppError('NOT_FOUND', 'Please log in again to create your profile.');
    return row;
  }

  async function checkReferences(changes: ProfileChanges) {
    if (changes.countryId !== undefined && !(await reference.countryExists(changes.countryId as number))) {
      throw new AppError('BAD_REQUEST', messages.unknownCountry, { countryId: messages.unknownCountry });
    }
    if (changes.currencyId !== undefined && !(await reference.currencyExists(changes.currencyId as number))) {
      throw new AppError('BAD_REQUEST', messages.unknownCurrency, { currencyId: messages.unknownCurrency });
    }
  }

  /** Changes one field of the caller's own profile (docs/product.md, "Profile field update"). */
  async function updateField(player: Player, uid: string, update: ProfileUpdate) {
    if (uid !== player.uid) throw new AppError('FORBIDDEN', messages.forbidden);
    const field = Object.keys(update).find(
      (key) => update[key as keyof ProfileUpdate] !== undefined,
    ) as keyof ProfileUpdate;
    const changes = { [field]: update[field] } as ProfileChanges;
    await checkReferences(changes);
    await logIn(player);
    try {
      const row = await repo.update(uid, changes);
      if (!row) throw new AppError('NOT_FOUND', 'Please log in again to create your profile.');
      const statusMessage =
        field === 'language'
          ? messages.fieldUpdated('Language')
          : field === 'countryId' || field === 'currencyId'
            ? messages.pickerUpdated(field === 'countryId' ? 'country' : 'currency')
            : messages.fieldUpdated(profileFieldLabels[field]);
      return { profile: await withRooms(row), statusMessage };
    } catch (error) {
      if (isUniqueViolation(error, 'profiles_username_lower_unique')) {
        throw new AppError('CONFLICT', messages.usernameTaken, { username: messages.usernameTaken });
      }
      throw error;
    }
  }

  /** Points the profile at a new picture; resolves to the picture it replaced. */
  async function setProfilePicture(player: Player, url: string): Promise<string | null> {
    const { profile } = await logIn(player);
    await repo.update(player.uid, { profilePic: url });
    return profile.profilePic;
  }

  async function saveDeviceToken(player: Player, { deviceToken }: DeviceTokenRequest) {
    const subscription = JSON.parse(deviceToken) as { endpoint: string };
    await repo.upsertPushSubscription(player.uid, subscription.endpoint, subscription);
  }

  /** Boost a friend: the friend's uid by their username, any case; never the caller themself. */
  async function friendByUsername(player: Player, username: string): Promise<FriendLookup> {
    const row = await repo.findByUsername(username.trim());
    if (!row) throw new AppError('NOT_FOUND', userMessages.notFound);
    if (row.uid === player.uid) throw new AppError('BAD_REQUEST', userMessages.cannotBoostSelf);
    return { id: row.uid };
  }

  /** A player's uid by their username, any case (a challenge sent to a friend); undefined when unknown. */
  async function uidByUsername(username: string): Promise<string | undefined> {
    return (await repo.findByUsername(username.trim()))?.uid;
  }

  /** The players among `uids` who have a profile: what payments and leaderboards show of them. */
  async function playersByUid(uids: string[], tx: Db = db) {
    const unique = [...new Set(uids)];
    const rows =
      unique.length === 0
        ? []
        : await tx
            .select({
              uid: profiles.uid,
              name: profiles.name,
              username: profiles.username,
              email: profiles.email,
              profilePic: profiles.profilePic,
            })
            .from(profiles)
            .where(inArray(profiles.uid, unique));
    return new Map(rows.map(({ uid, ...player }) => [uid, player]));
  }

  /** The language each of `uids` chose (null: never chosen): what notifications are pushed in. */
  async function languagesOf(uids: string[]) {
    const unique = [...new Set(uids)];
    const rows =
      unique.length === 0
        ? []
        : await db
            .select({ uid: profiles.uid, language: profiles.language })
            .from(profiles)
            .where(inArray(profiles.uid, unique));
    return new Map(rows.map(({ uid, language }) => [uid, language]));
  }

  /** What any signed-in player may see of another (docs/product.md, "Public user"). */
  async function publicPlayer(uid: string): Promise<PublicUser> {
    const player = (await playersByUid([uid])).get(uid);
    if (!player) throw new AppError('NOT_FOUND', userMessages.notFound);
    return { name: player.name, username: player.username, profilePic: player.profilePic };
  }

  async function findByReferralCode(referralCode: string, tx?: Db) {
    const row = await repo.findByReferralCode(referralCode, tx);
    return row && (await withRooms(row));
  }

  return {
    logIn,
    updateField,
    setProfilePicture,
    saveDeviceToken,
    friendByUsername,
    uidByUsername,
    findByReferralCode,
    playersByUid,
    languagesOf,
    publicPlayer,
    pushSubscriptionsOf: (uid: string) => repo.pushSubscriptionsOf(uid),
    pushSubscriptionsOfPlayers: (uids: string[]) => repo.pushSubscriptionsOfPlayers(uids),
    /** A push service said this endpoint is gone (404, 410): the browser unsubscribed. */
    deletePushSubscription: (uid: string, endpoint: string) => repo.deletePushSubscription(uid, endpoint),
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
/** The console's search, profile card and erasure of players, on the database alone. */
export { createPlayerRecords, type PlayerRecords } from './player-records.ts';
