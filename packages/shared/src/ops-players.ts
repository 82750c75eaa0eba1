import { z } from 'zod';
import { PlayerNotificationSchema } from './notifications.ts';
import { LedgerPostingSchema, pageOf, ReasonSchema, roles } from './ops.ts';
import { OpsPaymentSchema } from './ops-money.ts';
import { MpesaPhoneSchema } from './payments.ts';
import { UserSubscriptionSchema } from './subscriptions.ts';

/** The console's Players area: what operators read and write about one player. */
export const playerOpsMessages = {
  notFound: 'No player has this id.',
  alreadyDisabled: 'This account is already disabled.',
  notDisabled: 'This account is not disabled.',
  deleted: 'This account was deleted.',
  notYourself: 'You cannot do this to your own account.',
  operatorsByAdmins: "Only an admin may do this to an operator's account. Take their role back first.",
  operatorNotDeleted: 'This account has an operator role. Take the role back before deleting it.',
  balanceLeft: (kes: string) =>
    `This player still has KES ${kes} in their wallet. Pay it out first, or type why it stays.`,
  payoutOpen: 'A payout to this player is still on its way. Delete the account once it has completed.',
  nothingToPayOut: (kes: string, min: number) =>
    `The balance (KES ${kes}) is below the smallest M-Pesa payout (KES ${min} plus its fee).`,
} as const;

/**
 * The e-mail a deleted account is left with: a placeholder no one can receive mail at (.invalid is
 * reserved), unique per account as the identity's e-mail must be.
 */
export const deletedEmailOf = (uid: string) => `deleted-${uid.toLowerCase()}@deleted.playon.invalid`;
export const isDeletedEmail = (email: string) => email.endsWith('@deleted.playon.invalid');

export const PlayerParamsSchema = z.object({
  uid: z.string().trim().min(1, playerOpsMessages.notFound).max(100, playerOpsMessages.notFound),
});

/** The state of an account as operators see it. */
export const accountStates = ['active', 'disabled', 'deleted'] as const;

/** GET /api/ops/players: one row of the search. */
export const PlayerListItemSchema = z.object({
  uid: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(roles),
  state: z.enum(accountStates),
  createdAt: z.string(),
});
export type PlayerListItem = z.infer<typeof PlayerListItemSchema>;
export const PlayerPageSchema = pageOf(PlayerListItemSchema);

/** The profile as the player wrote it (null until their first sign-in made one). */
export const PlayerProfileSchema = z.object({
  name: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  dob: z.string().nullable(),
  gender: z.string().nullable(),
  countryId: z.number().nullable(),
  currencyId: z.number().nullable(),
  profilePic: z.string().nullable(),
  referralCode: z.string(),
  createdAt: z.string(),
});

/** The identity behind the player, without its secrets (password hash, tokens). */
export const PlayerIdentitySchema = z.object({
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(roles),
  state: z.enum(accountStates),
  disabledReason: z.string().nullable(),
  /** How they sign in: `credential` (e-mail and password), `google`, `facebook`. */
  signInMethods: z.array(z.string()),
  activeSessions: z.number(),
  createdAt: z.string(),
});

/** GET /api/ops/players/{uid}: the profile card. */
export const PlayerDetailSchema = z.object({
  uid: z.string(),
  identity: PlayerIdentitySchema,
  profile: PlayerProfileSchema.nullable(),
  /** KES. */
  balance: z.number(),
});
export type PlayerDetail = z.infer<typeof PlayerDetailSchema>;

/** One journal entry that moved the player's wallet, with all of its postings. */
export const LedgerEntrySchema = z.object({
  id: z.string(),
  kind: z.string(),
  intentId: z.string().nullable(),
  description: z.string(),
  createdAt: z.string(),
  /** What it moved on this player's wallet (KES, signed). */
  walletAmount: z.number(),
  postings: z.array(LedgerPostingSchema),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;
export const LedgerPageSchema = pageOf(LedgerEntrySchema);

/** A payment the player made or received (a boost from a friend). */
export const PlayerPaymentSchema = OpsPaymentSchema.pick({
  id: true,
  type: true,
  method: true,
  status: true,
  amount: true,
  fee: true,
  phone: true,
  message: true,
  receipt: true,
  payerUid: true,
  walletUid: true,
  createdAt: true,
  updatedAt: true,
});
export type PlayerPayment = z.infer<typeof PlayerPaymentSchema>;
export const PlayerPaymentPageSchema = pageOf(PlayerPaymentSchema);

/** A tournament the player scored in: their best, their place, the prize they won. */
export const PlayerTournamentSchema = z.object({
  tournamentId: z.number(),
  name: z.string(),
  starts: z.string(),
  ends: z.string(),
  points: z.number(),
  achievedAt: z.string(),
  rank: z.number(),
  award: z.string().nullable(),
});
export type PlayerTournament = z.infer<typeof PlayerTournamentSchema>;
export const PlayerTournamentPageSchema = pageOf(PlayerTournamentSchema);

/** What the player sent through 'Drop us a line'. */
export const PlayerReportSchema = z.object({
  id: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type PlayerReport = z.infer<typeof PlayerReportSchema>;
export const PlayerReportPageSchema = pageOf(PlayerReportSchema);

export const PlayerSubscriptionsSchema = z.array(UserSubscriptionSchema);

/** Disable or enable an account; the reason is kept in the audit log. */
export const AccountStatusRequestSchema = z.object({ reason: ReasonSchema });
export const AccountStatusSchema = z.object({ uid: z.string(), state: z.enum(accountStates) });
export type AccountStatus = z.infer<typeof AccountStatusSchema>;

export const PasswordResetSentSchema = z.object({ email: z.string() });

/** A data request answered (the Data Protection Act): why, e.g. the request's date and channel. */
export const DataExportRequestSchema = z.object({ reason: ReasonSchema });

/** Everything PlayOn holds on one player, as one JSON document. */
export const PlayerExportSchema = z.object({
  exportedAt: z.string(),
  uid: z.string(),
  identity: PlayerIdentitySchema,
  profile: PlayerProfileSchema.nullable(),
  wallet: z.object({ balance: z.number(), entries: z.array(LedgerEntrySchema) }),
  payments: z.array(PlayerPaymentSchema),
  subscriptions: z.array(UserSubscriptionSchema),
  tournaments: z.array(PlayerTournamentSchema),
  chatMessages: z.array(
    z.object({
      id: z.string(),
      room: z.string(),
      message: z.string(),
      chatType: z.string(),
      createdAt: z.string(),
    }),
  ),
  chatRooms: z.array(z.object({ room: z.string(), joinedAt: z.string() })),
  /** Moderators' mutes of the player in a room, with their reason. */
  chatMutes: z.array(
    z.object({ room: z.string(), until: z.string(), reason: z.string(), createdAt: z.string() }),
  ),
  uploads: z.array(
    z.object({
      url: z.string(),
      kind: z.enum(['PROFILE_PICTURE', 'CHAT_MEDIA']),
      mediaType: z.string().nullable(),
      sizeBytes: z.number().nullable(),
      createdAt: z.string().nullable(),
    }),
  ),
  notifications: z.array(PlayerNotificationSchema),
  /** The browsers registered for push: their endpoints only, never their keys. */
  pushSubscriptions: z.array(z.object({ endpoint: z.string(), createdAt: z.string() })),
  referrals: z.object({
    referredBy: z.object({ uid: z.string(), referralCode: z.string(), createdAt: z.string() }).nullable(),
    referred: z.array(z.object({ uid: z.string(), createdAt: z.string() })),
  }),
  feedback: z.array(PlayerReportSchema),
});
export type PlayerExport = z.infer<typeof PlayerExportSchema>;

/** Pay the wallet out to M-Pesa before a deletion: the largest payout the balance covers with its fee. */
export const PayOutRequestSchema = z.object({ mpesaPhoneNumber: MpesaPhoneSchema, reason: ReasonSchema });
export type PayOutRequest = z.input<typeof PayOutRequestSchema>;
export const PayOutSchema = z.object({
  intentId: z.string(),
  amount: z.number(),
  fee: z.number(),
  /** KES left in the wallet once the payout is reserved (too little for another payout). */
  remaining: z.number(),
});
export type PayOut = z.infer<typeof PayOutSchema>;

/**
 * Delete an account. `balanceReason`: why a remaining balance stays (kept in the audit entry);
 * without it a deletion with money in the wallet is refused.
 */
export const DeleteAccountRequestSchema = z.object({
  reason: ReasonSchema,
  balanceReason: ReasonSchema.optional(),
});
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequestSchema>;

/** What a deletion removed: counts only, never the personal data itself. */
export const DeletionSchema = z.object({
  uid: z.string(),
  removed: z.object({
    chatMessages: z.number(),
    chatMemberships: z.number(),
    files: z.number(),
    notifications: z.number(),
    pushSubscriptions: z.number(),
    feedback: z.number(),
    signInMethods: z.number(),
    sessions: z.number(),
  }),
  /** KES left in the wallet, with the reason typed; ledger entries and payments are kept. */
  keptBalance: z.number(),
});
export type Deletion = z.infer<typeof DeletionSchema>;
