import { z } from 'zod';
import type { Translation } from './messages.ts';

/**
 * Challenges between friends (docs/product.md, "Challenges"; ADR 0066): a finished run of a game
 * PlayOn replays, sent to a player by username or as a link; the friend plays the same seed once.
 */

/** How long a challenge can be accepted after it was sent. */
export const CHALLENGE_TTL_MS = 3 * 24 * 3_600_000;

export const challengeMessages = {
  created: 'Challenge sent.',
  linkCreated: 'Challenge link ready.',
  notFound: 'This challenge does not exist.',
  expired: 'This challenge has expired.',
  notForYou: 'This challenge was sent to another player.',
  own: 'You cannot answer your own challenge. Send it to a friend.',
  alreadyAnswered: 'You have already played this challenge: one answer per friend.',
  notStarted: 'Accept this challenge in PlayOn before you play it.',
  otherPlay: 'This play session was not started for this challenge.',
  runNotFinished: 'This run has no saved score yet, so it cannot be a challenge.',
  notReplayed: 'Challenges are only for games PlayOn replays.',
  noUsername: 'Choose a username in your profile before you play challenges.',
  challengeSelf: 'You cannot challenge yourself. Send it to a friend.',
  invalidLink: 'This challenge link is not valid.',
  chooseRun: 'Choose a finished run to challenge a friend with.',
} as const;

/** `challengeMessages` in Kiswahili (docs/glossary.md). */
export const challengeMessagesSw: Translation<typeof challengeMessages> = {
  created: 'Changamoto imetumwa.',
  linkCreated: 'Kiungo cha changamoto kiko tayari.',
  notFound: 'Changamoto hii haipo.',
  expired: 'Muda wa changamoto hii umekwisha.',
  notForYou: 'Changamoto hii ilitumwa kwa mchezaji mwingine.',
  own: 'Huwezi kujibu changamoto yako mwenyewe. Mtumie rafiki.',
  alreadyAnswered: 'Umeshacheza changamoto hii: kila rafiki hujibu mara moja tu.',
  notStarted: 'Kubali changamoto hii kwenye PlayOn kabla ya kuicheza.',
  otherPlay: 'Mchezo huu haukuanzishwa kwa ajili ya changamoto hii.',
  runNotFinished: 'Mchezo huu bado hauna alama zilizohifadhiwa, kwa hivyo hauwezi kuwa changamoto.',
  notReplayed: 'Changamoto ni kwa michezo ambayo PlayOn hurudia kuikagua tu.',
  noUsername: 'Chagua jina la mtumiaji kwenye wasifu wako kabla ya kucheza changamoto.',
  challengeSelf: 'Huwezi kujipa changamoto mwenyewe. Mtumie rafiki.',
  invalidLink: 'Kiungo hiki cha changamoto si sahihi.',
  chooseRun: 'Chagua mchezo uliomaliza ili kumpa rafiki changamoto.',
};

/** A challenge link's code: 22 base64url characters (128 random bits), never a play session. */
export const ChallengeCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, challengeMessages.invalidLink);

export const ChallengeCodeParamsSchema = z.object({ code: ChallengeCodeSchema });

/** POST /api/challenges: the finished run (its play session token) and, optionally, the friend. */
export const CreateChallengeRequestSchema = z.object({
  session: z.string({ error: challengeMessages.chooseRun }).min(1, challengeMessages.chooseRun).max(512),
  /** The friend's PlayOn username; without it the challenge is a link anyone signed in may answer once. */
  username: z
    .string()
    .trim()
    .min(1, "Please enter your friend's username.")
    .max(40, 'A username has 3 to 20 letters, digits, dots or underscores.')
    .optional(),
});
export type CreateChallengeRequest = z.input<typeof CreateChallengeRequestSchema>;

/** From the viewer's side: what they scored against whom, and how it ended. */
export const ChallengeOutcomeSchema = z.enum(['won', 'lost', 'tied']);
export type ChallengeOutcome = z.infer<typeof ChallengeOutcomeSchema>;

export const ChallengeResultSchema = z.object({
  opponent: z.string(),
  opponentPoints: z.number(),
  myPoints: z.number(),
  outcome: ChallengeOutcomeSchema,
});
export type ChallengeResult = z.infer<typeof ChallengeResultSchema>;

/**
 * What the viewer may do with the challenge: theirs to share ('yours'), to accept ('open'), being
 * played ('started'), done ('answered'), for another player ('notForYou') or too late ('expired').
 */
export const ChallengeStateSchema = z.enum(['yours', 'open', 'started', 'answered', 'notForYou', 'expired']);
export type ChallengeState = z.infer<typeof ChallengeStateSchema>;

/**
 * GET /api/challenges/{code}: what any signed-in player may read of a challenge, the challenger's
 * username and score; the players in it also read their results side by side.
 */
export const ChallengeViewSchema = z.object({
  code: ChallengeCodeSchema,
  game: z.object({ id: z.number().int(), name: z.string(), gameIcon: z.string() }),
  challenger: z.object({ username: z.string(), points: z.number() }),
  /** The friend it was sent to: shown to the challenger and that friend only; null for a link. */
  to: z.string().nullable(),
  expiresAt: z.string(),
  state: ChallengeStateSchema,
  results: z.array(ChallengeResultSchema),
});
export type ChallengeView = z.infer<typeof ChallengeViewSchema>;

export const ChallengeDirectionSchema = z.enum(['sent', 'received']);
export const ChallengeStatusSchema = z.enum(['open', 'won', 'lost', 'tied', 'expired']);
export type ChallengeStatus = z.infer<typeof ChallengeStatusSchema>;

/** One line of GET /api/challenges: a challenge, or one friend's answer to it, from the viewer's side. */
export const ChallengeListItemSchema = z.object({
  code: ChallengeCodeSchema,
  direction: ChallengeDirectionSchema,
  gameName: z.string(),
  gameIcon: z.string(),
  /** The other player; null for a link nobody has answered yet. */
  opponent: z.string().nullable(),
  myPoints: z.number().nullable(),
  opponentPoints: z.number().nullable(),
  status: ChallengeStatusSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type ChallengeListItem = z.infer<typeof ChallengeListItemSchema>;

/** The list's tabs: sent and received by direction, the others by status (a tie shows in the first two). */
export const CHALLENGE_TABS = ['received', 'sent', 'won', 'lost', 'expired'] as const;
export type ChallengeTab = (typeof CHALLENGE_TABS)[number];

export function inChallengeTab(item: ChallengeListItem, tab: ChallengeTab): boolean {
  return tab === 'sent' || tab === 'received' ? item.direction === tab : item.status === tab;
}

/** The notifications a challenge writes, stored in English and said in the reader's language (ADR 0032). */
export const challengeNotices = {
  receivedTitle: 'New challenge',
  received: (challenger: string, points: string, game: string) =>
    `${challenger} challenged you to beat ${points} points in ${game}.`,
  wonTitle: 'You won a challenge',
  lostTitle: 'You lost a challenge',
  tiedTitle: 'Your challenge is a tie',
  answered: (friend: string, points: string, game: string, yours: string) =>
    `${friend} scored ${points} points in ${game} against your ${yours}.`,
};

/** A challenge link's preview in a chat app (the page's Open Graph tags) and the share sheet's text. */
export const challengePreview = {
  title: (challenger: string) => `${challenger} challenges you on PlayOn`,
  description: (challenger: string, points: string, game: string) =>
    `${challenger} scored ${points} points in ${game}. Can you beat it?`,
};

export const challengePreviewSw: Translation<typeof challengePreview> = {
  title: (challenger: string) => `${challenger} anakupa changamoto kwenye PlayOn`,
  description: (challenger: string, points: string, game: string) =>
    `${challenger} amepata alama ${points} kwenye ${game}. Unaweza kumshinda?`,
};
