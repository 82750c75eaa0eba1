import { z } from 'zod';
import { chatTypes } from './chat.ts';
import { PageQuerySchema, pageOf, ReasonSchema } from './ops.ts';
import { kiswahili } from './ops-content-fields.ts';

/**
 * The console's community area (support and admin): the feedback inbox, chat moderation
 * and broadcasts to many players.
 */

// ---------------------------------------------------------------------------------------------
// Feedback inbox

export const feedbackStatuses = ['new', 'answered', 'closed'] as const;
export type FeedbackStatus = (typeof feedbackStatuses)[number];

export const FeedbackQuerySchema = PageQuerySchema.extend({
  status: z.enum(feedbackStatuses, { error: 'Choose new, answered or closed.' }).optional(),
});
export type FeedbackQuery = z.infer<typeof FeedbackQuerySchema>;

export const FeedbackListItemSchema = z.object({
  id: z.string(),
  uid: z.string(),
  /** The address the player asked to be answered at. */
  email: z.string(),
  playerName: z.string().nullable(),
  subject: z.string(),
  /** The message's start, for the list. */
  excerpt: z.string(),
  status: z.enum(feedbackStatuses),
  createdAt: z.string(),
  answers: z.number(),
});
export type FeedbackListItem = z.infer<typeof FeedbackListItemSchema>;
export const FeedbackPageSchema = pageOf(FeedbackListItemSchema);

export const FeedbackAnswerSchema = z.object({
  id: z.string(),
  body: z.string(),
  operatorEmail: z.string(),
  createdAt: z.string(),
  /** When the mail went out; null while it waits in the queue. */
  mailedAt: z.string().nullable(),
});
export type FeedbackAnswer = z.infer<typeof FeedbackAnswerSchema>;

/** Who sent it, beside the message: enough to answer without opening the players area. */
export const PlayerContextSchema = z.object({
  uid: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  joinedAt: z.string().nullable(),
  /** Payments started in the last 30 days, and how many of them completed. */
  paymentsLast30Days: z.number(),
  completedPaymentsLast30Days: z.number(),
  /** The package active now, if any. */
  subscription: z.object({ packageName: z.string(), expiresAt: z.string() }).nullable(),
});
export type PlayerContext = z.infer<typeof PlayerContextSchema>;

export const FeedbackDetailSchema = FeedbackListItemSchema.extend({
  message: z.string(),
  answerList: z.array(FeedbackAnswerSchema),
  player: PlayerContextSchema,
});
export type FeedbackDetail = z.infer<typeof FeedbackDetailSchema>;

export const AnswerFeedbackRequestSchema = z.object({
  body: z
    .string({ error: 'Please write the answer.' })
    .trim()
    .min(2, 'Please write the answer.')
    .max(5000, 'Keep the answer under 5000 characters.'),
  /** Close the message with the answer, when nothing more is to be done. */
  close: z.boolean().default(false),
});
export type AnswerFeedbackRequest = z.input<typeof AnswerFeedbackRequestSchema>;

export const feedbackOpsMessages = {
  notFound: 'This feedback message does not exist.',
  answered: 'Answer sent by e-mail.',
  closed: 'Feedback closed.',
  reopened: 'Feedback reopened.',
  alreadyClosed: 'This feedback is already closed.',
  notClosed: 'This feedback is not closed.',
} as const;

// ---------------------------------------------------------------------------------------------
// Chat moderation

export const ModerationRoomSchema = z.object({
  id: z.number(),
  chatRoomUid: z.string(),
  name: z.string(),
  archived: z.boolean(),
  memberCount: z.number(),
  /** Players muted there now. */
  mutedCount: z.number(),
  lastMessageAt: z.string().nullable(),
});
export type ModerationRoom = z.infer<typeof ModerationRoomSchema>;
export const ModerationRoomPageSchema = pageOf(ModerationRoomSchema);

export const moderationMessageFilters = ['shown', 'hidden', 'all'] as const;

export const ModerationMessagesQuerySchema = PageQuerySchema.extend({
  show: z.enum(moderationMessageFilters).default('shown'),
});

export const ModerationMessageSchema = z.object({
  id: z.string(),
  chatRoomId: z.number(),
  uid: z.string(),
  senderName: z.string().nullable(),
  senderUsername: z.string().nullable(),
  message: z.string(),
  chatType: z.enum(chatTypes),
  createdAt: z.string(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  /** Until when the sender is muted in this room, if they are now. */
  senderMutedUntil: z.string().nullable(),
});
export type ModerationMessage = z.infer<typeof ModerationMessageSchema>;
export const ModerationMessagePageSchema = pageOf(ModerationMessageSchema);

export const HideMessageRequestSchema = z.object({ reason: ReasonSchema });

/** The longest mute: 30 days; longer is a matter for disabling the account. */
export const MUTE_MAX_MINUTES = 30 * 24 * 60;

export const MuteRequestSchema = z.object({
  userId: z
    .string({ error: 'Choose the player to mute.' })
    .trim()
    .min(1, 'Choose the player to mute.')
    .max(200),
  minutes: z
    .number({ error: 'Say for how long.' })
    .int('Say for how long, in whole minutes.')
    .min(1, 'Mute for at least a minute.')
    .max(MUTE_MAX_MINUTES, 'Mute for at most 30 days.'),
  reason: ReasonSchema,
});
export type MuteRequest = z.infer<typeof MuteRequestSchema>;

export const LiftMuteRequestSchema = z.object({ reason: ReasonSchema });

export const MuteSchema = z.object({
  chatRoomUid: z.string(),
  uid: z.string(),
  playerName: z.string().nullable(),
  until: z.string(),
  reason: z.string(),
  byEmail: z.string(),
  createdAt: z.string(),
});
export type Mute = z.infer<typeof MuteSchema>;
export const MutePageSchema = pageOf(MuteSchema);

/** The lengths the console offers, in minutes. */
export const muteChoices = [
  { minutes: 15, label: '15 minutes' },
  { minutes: 60, label: '1 hour' },
  { minutes: 24 * 60, label: '1 day' },
  { minutes: 7 * 24 * 60, label: '7 days' },
  { minutes: MUTE_MAX_MINUTES, label: '30 days' },
] as const;

export const moderationMessages = {
  messageNotFound: 'This message does not exist in this room.',
  alreadyHidden: 'This message is already hidden.',
  hidden: 'Message hidden.',
  muted: 'Player muted.',
  lifted: 'Mute lifted.',
  playerNotFound: 'No player has this id.',
  notMuted: 'This player is not muted in this room.',
} as const;

// ---------------------------------------------------------------------------------------------
// Broadcasts

export const broadcastAudiences = ['all', 'tournament', 'game'] as const;
export type BroadcastAudience = (typeof broadcastAudiences)[number];
/** Who a sent broadcast went to: one of the above, or a saved audience (ops-audiences.ts). */
export const sentAudiences = [...broadcastAudiences, 'saved'] as const;
export type SentAudience = (typeof sentAudiences)[number];

const audienceMessage = 'Choose who receives it: all players, a tournament or a game.';

/** Who a broadcast goes to: the tournament or the game is named by its id. */
export const BroadcastAudienceSchema = z
  .object({
    audience: z.enum(broadcastAudiences, { error: audienceMessage }),
    tournamentId: z.coerce.number().int().positive('Choose the tournament.').optional(),
    gameId: z.coerce.number().int().positive('Choose the game.').optional(),
  })
  .superRefine((value, context) => {
    if (value.audience === 'tournament' && value.tournamentId === undefined)
      context.addIssue({ code: 'custom', path: ['tournamentId'], message: 'Choose the tournament.' });
    if (value.audience === 'game' && value.gameId === undefined)
      context.addIssue({ code: 'custom', path: ['gameId'], message: 'Choose the game.' });
  });
export type BroadcastAudienceInput = z.infer<typeof BroadcastAudienceSchema>;

export const BROADCAST_TITLE_MAX = 80;
export const BROADCAST_BODY_MAX = 300;

/** What a broadcast says, whoever it goes to: its texts and the count the operator confirmed. */
export const broadcastTextFields = {
  title: z
    .string({ error: 'Please write a title.' })
    .trim()
    .min(1, 'Please write a title.')
    .max(BROADCAST_TITLE_MAX, `Keep the title under ${BROADCAST_TITLE_MAX} characters.`),
  body: z
    .string({ error: 'Please write the message.' })
    .trim()
    .min(1, 'Please write the message.')
    .max(BROADCAST_BODY_MAX, `Keep the message under ${BROADCAST_BODY_MAX} characters.`),
  /** What players reading Kiswahili read (ADR 0063); each one left empty, they read the English. */
  titleSw: kiswahili('title', BROADCAST_TITLE_MAX),
  bodySw: kiswahili('message', BROADCAST_BODY_MAX),
  /** Where a tap leads in the app: a path of PlayOn's, like /tournaments. */
  url: z
    .string()
    .trim()
    .max(200, 'Keep the link under 200 characters.')
    .regex(/^\/(?!\/)[^\s]*$/, 'The link must be a path in the app, starting with /, like /tournaments.')
    .optional(),
  /** The count the operator saw before confirming: kept with the broadcast. */
  expectedRecipients: z.number().int().min(0),
};

export const BroadcastRequestSchema = z
  .object({
    audience: z.enum(broadcastAudiences, { error: audienceMessage }),
    tournamentId: z.number().int().positive('Choose the tournament.').optional(),
    gameId: z.number().int().positive('Choose the game.').optional(),
    ...broadcastTextFields,
  })
  .superRefine((value, context) => {
    if (value.audience === 'tournament' && value.tournamentId === undefined)
      context.addIssue({ code: 'custom', path: ['tournamentId'], message: 'Choose the tournament.' });
    if (value.audience === 'game' && value.gameId === undefined)
      context.addIssue({ code: 'custom', path: ['gameId'], message: 'Choose the game.' });
  });
export type BroadcastRequest = z.infer<typeof BroadcastRequestSchema>;

export const BroadcastCountSchema = z.object({
  recipients: z.number(),
  /** Who they are, in words: 'All players', 'Players of Matatu Rush Cup'. */
  audienceLabel: z.string(),
});
export type BroadcastCount = z.infer<typeof BroadcastCountSchema>;

export const BroadcastSchema = z.object({
  id: z.number(),
  audience: z.enum(sentAudiences),
  targetId: z.number().nullable(),
  audienceLabel: z.string(),
  title: z.string(),
  body: z.string(),
  titleSw: z.string().nullable(),
  bodySw: z.string().nullable(),
  url: z.string().nullable(),
  recipientsCounted: z.number(),
  /** Notifications written; null while the job has not run yet. */
  recipientsWritten: z.number().nullable(),
  byEmail: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type Broadcast = z.infer<typeof BroadcastSchema>;
export const BroadcastPageSchema = pageOf(BroadcastSchema);

/** The tournaments and games a broadcast may go to, for the form's choices. */
export const BroadcastTargetsSchema = z.object({
  tournaments: z.array(z.object({ id: z.number(), name: z.string(), status: z.string() })),
  games: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type BroadcastTargets = z.infer<typeof BroadcastTargetsSchema>;

export const broadcastMessages = {
  tournamentNotFound: 'This tournament does not exist.',
  gameNotFound: 'This game does not exist.',
  sending: (count: number) => `Sending to ${count.toLocaleString('en-GB')} players.`,
  nobody: 'Nobody would receive it: this audience has no players.',
} as const;
