import { z } from 'zod';
import { pageOf } from './ops.ts';
import { broadcastTextFields } from './ops-community.ts';

/**
 * Saved audiences (the console's community area, ADR 0068): a named rule about players, counted and
 * previewed when read and when a broadcast goes to it, never stored as a list of players.
 */
export const audienceKinds = [
  'lapsed',
  'subscription-ends-today',
  'never-paid',
  'game',
  'tournament',
] as const;
export type AudienceKind = (typeof audienceKinds)[number];

export const AUDIENCE_NAME_MAX = 60;
export const LAPSED_DAYS_MAX = 365;
/** How many usernames a preview shows. */
export const AUDIENCE_PREVIEW_SIZE = 5;

export const audienceMessages = {
  kind: 'Choose who is in it.',
  days: `Type the days without play, a whole number from 1 to ${LAPSED_DAYS_MAX}.`,
  game: 'Choose the game.',
  tournament: 'Choose the tournament.',
  name: 'Please name the audience.',
  nameTooLong: `Keep the name under ${AUDIENCE_NAME_MAX} characters.`,
  nameTaken: 'An audience has this name already.',
  notFound: 'This audience does not exist.',
  gameNotFound: 'This game does not exist.',
  tournamentNotFound: 'This tournament does not exist.',
  nobody: 'Nobody would receive it: this audience has no players now.',
} as const;

const days = z.coerce
  .number({ error: audienceMessages.days })
  .int(audienceMessages.days)
  .min(1, audienceMessages.days)
  .max(LAPSED_DAYS_MAX, audienceMessages.days);
const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647);

/** The rule: the kind, and the one value it needs (days without play, a game, a tournament). */
const definitionFields = {
  kind: z.enum(audienceKinds, { error: audienceMessages.kind }),
  days: days.optional(),
  gameId: id(audienceMessages.game).optional(),
  tournamentId: id(audienceMessages.tournament).optional(),
};

type DefinitionFields = {
  kind: AudienceKind;
  days?: number | undefined;
  gameId?: number | undefined;
  tournamentId?: number | undefined;
};

function needsItsValue(value: DefinitionFields, context: z.RefinementCtx) {
  if (value.kind === 'lapsed' && value.days === undefined)
    context.addIssue({ code: 'custom', path: ['days'], message: audienceMessages.days });
  if (value.kind === 'game' && value.gameId === undefined)
    context.addIssue({ code: 'custom', path: ['gameId'], message: audienceMessages.game });
  if (value.kind === 'tournament' && value.tournamentId === undefined)
    context.addIssue({ code: 'custom', path: ['tournamentId'], message: audienceMessages.tournament });
}

/** A rule as stored and as the size of an unsaved one is asked (`?kind=lapsed&days=30`). */
export const AudienceDefinitionSchema = z.object(definitionFields).superRefine(needsItsValue);
export type AudienceDefinitionInput = z.infer<typeof AudienceDefinitionSchema>;

/** The one value of a rule, or null: what the server keeps and reads back. */
export interface AudienceDefinition {
  kind: AudienceKind;
  /** Days without play (lapsed). */
  days: number | null;
  /** The game's or the tournament's id. */
  targetId: number | null;
}

export const definitionOf = (input: AudienceDefinitionInput): AudienceDefinition => ({
  kind: input.kind,
  days: input.kind === 'lapsed' ? (input.days ?? null) : null,
  targetId:
    input.kind === 'game'
      ? (input.gameId ?? null)
      : input.kind === 'tournament'
        ? (input.tournamentId ?? null)
        : null,
});

export const SavedAudienceRequestSchema = z
  .object({
    name: z
      .string({ error: audienceMessages.name })
      .trim()
      .min(1, audienceMessages.name)
      .max(AUDIENCE_NAME_MAX, audienceMessages.nameTooLong),
    ...definitionFields,
  })
  .superRefine(needsItsValue);
export type SavedAudienceRequest = z.infer<typeof SavedAudienceRequestSchema>;

export const SavedAudienceSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(audienceKinds),
  days: z.number().nullable(),
  targetId: z.number().nullable(),
  /** The rule in words: 'No play in the last 30 days', 'Players of Matatu Rush'. */
  description: z.string(),
  byEmail: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedAudience = z.infer<typeof SavedAudienceSchema>;
export const SavedAudiencePageSchema = pageOf(SavedAudienceSchema);

/** How many players an audience holds now, and the first few of them by username. */
export const AudienceSizeSchema = z.object({
  count: z.number(),
  description: z.string(),
  /** Up to AUDIENCE_PREVIEW_SIZE usernames (a player without one by their uid's start). */
  preview: z.array(z.string()),
  /** When it was counted. */
  countedAt: z.string(),
});
export type AudienceSize = z.infer<typeof AudienceSizeSchema>;

/** A broadcast to a saved audience: its texts and the count the operator saw; the audience is the path's. */
export const AudienceBroadcastRequestSchema = z.object(broadcastTextFields);
export type AudienceBroadcastRequest = z.infer<typeof AudienceBroadcastRequestSchema>;

export const AudienceDeleteResultSchema = z.object({ id: z.number() });
