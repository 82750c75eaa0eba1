import { type Role, roles } from '@playon/shared/ops';
import type {
  LedgerEntry,
  PlayerDetail,
  PlayerListItem,
  PlayerReport,
  PlayerTournament,
} from '@playon/shared/ops-players';
import { isDeletedEmail } from '@playon/shared/ops-players';
import { toKes } from '@playon/shared/payments';
import type { Accounts } from '../../auth/service.ts';
import { toPlayerPayment } from '../../payments/service.ts';
import type { PlayerRecords } from '../../profile/service.ts';

/** How the console shows what each module answers about a player: the shapes of ops-players.ts. */

const asRole = (role: string): Role =>
  (roles as readonly string[]).includes(role) ? (role as Role) : 'player';

type Identity = NonNullable<Awaited<ReturnType<Accounts['identityOf']>>>;
type ProfileRow = NonNullable<Awaited<ReturnType<PlayerRecords['profileOf']>>>;
type SearchRow = Awaited<ReturnType<PlayerRecords['search']>>['rows'][number];

export function toListItem(row: SearchRow): PlayerListItem {
  return {
    uid: row.uid,
    email: row.email,
    name: row.name ?? (row.identityName || null),
    username: row.username,
    phone: row.phone,
    role: asRole(row.role),
    state: isDeletedEmail(row.email) ? 'deleted' : row.banned ? 'disabled' : 'active',
    createdAt: row.createdAt.toISOString(),
  };
}

export function toIdentity(identity: Identity): PlayerDetail['identity'] {
  return {
    email: identity.email,
    name: identity.name,
    emailVerified: identity.emailVerified,
    role: asRole(identity.role),
    state: identity.state,
    disabledReason: identity.banReason,
    signInMethods: identity.signInMethods,
    activeSessions: identity.activeSessions,
    createdAt: identity.createdAt.toISOString(),
  };
}

export function toProfile(row: ProfileRow | undefined): PlayerDetail['profile'] {
  if (!row) return null;
  return {
    name: row.name,
    username: row.username,
    email: row.email,
    phone: row.phone,
    dob: row.dob,
    gender: row.gender,
    countryId: row.countryId,
    currencyId: row.currencyId,
    profilePic: row.profilePic,
    referralCode: row.referralCode,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toLedgerEntry(entry: {
  id: string;
  kind: string;
  intentId: string | null;
  description: string;
  createdAt: Date;
  walletAmount: bigint;
  postings: { accountKind: string; accountCode: string | null; ownerUid: string | null; amount: bigint }[];
}): LedgerEntry {
  return {
    ...entry,
    createdAt: entry.createdAt.toISOString(),
    walletAmount: toKes(entry.walletAmount),
    postings: entry.postings.map((posting) => ({ ...posting, amount: toKes(posting.amount) })),
  };
}

/** A payment as the player's card lists it: the money area's view of an intent, without its refunds. */
export const toPayment = toPlayerPayment;

export function toTournament(row: {
  tournamentId: number;
  name: string;
  starts: Date;
  ends: Date;
  pointsHundredths: number;
  achievedAt: Date;
  rank: number;
  award: string | null;
}): PlayerTournament {
  return {
    tournamentId: row.tournamentId,
    name: row.name,
    starts: row.starts.toISOString(),
    ends: row.ends.toISOString(),
    points: row.pointsHundredths / 100,
    achievedAt: row.achievedAt.toISOString(),
    rank: row.rank,
    award: row.award,
  };
}

export const toReport = (row: {
  id: string;
  email: string;
  subject: string;
  message: string;
  createdAt: Date;
}): PlayerReport => ({ ...row, createdAt: row.createdAt.toISOString() });
