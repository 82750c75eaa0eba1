import { z } from 'zod';
import { gameAccesses, isOwnTrailerVideo, youtubeVideoId } from './games.ts';
import { pageOf } from './ops.ts';
import { OwnImageSchema, order, text } from './ops-content-fields.ts';

/** The console's games: the bundled ones an operator tunes, and the outside ones an operator adds. */

export const gameScorings = ['replay', 'plausible'] as const;
export const gameSources = ['bundled', 'url'] as const;

const TrailerSchema = z
  .string()
  .trim()
  .max(300, 'Keep the trailer link under 300 characters.')
  .nullable()
  .transform((link) => (link ? link : null))
  .refine(
    (link) => link === null || youtubeVideoId(link) !== null || isOwnTrailerVideo(link),
    'Please enter a YouTube link, or the address of a video PlayOn serves ending in .mp4 or .webm.',
  );

/** A game as the console shows it: the player's fields and the operator's. */
export const OpsGameSchema = z.object({
  id: z.number().int(),
  slug: z.string().nullable(),
  name: z.string(),
  packageId: z.string(),
  description: z.string(),
  /** The description in Kiswahili; null: players asking in Kiswahili read the English. */
  descriptionSw: z.string().nullable(),
  trailerLink: z.string().nullable(),
  gameUrl: z.string(),
  gameIcon: z.string(),
  featured: z.boolean(),
  access: z.enum(gameAccesses),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  maxPoints: z.number().int(),
  maxPointsPerSecond: z.number().int(),
  scoring: z.enum(gameScorings),
  source: z.enum(gameSources),
  createdAt: z.string(),
});
export type OpsGame = z.infer<typeof OpsGameSchema>;
export const OpsGamePageSchema = pageOf(OpsGameSchema);

const limit = (label: string) =>
  z
    .number({ error: `Please enter the ${label}.` })
    .int(`The ${label} is a whole number.`)
    .min(1, `The ${label} is at least 1.`)
    .max(100_000_000, `The ${label} is at most 100,000,000.`);

/** POST /api/ops/content/games/{id}: what an operator sets on any game. */
export const GameSettingsSchema = z.object({
  /**
   * The description in Kiswahili (a bundled game's English one is its game.json's): empty clears it,
   * left out keeps it as it is.
   */
  descriptionSw: z
    .string()
    .trim()
    .max(2000, 'Keep the Kiswahili description under 2000 characters.')
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
  enabled: z.boolean(),
  featured: z.boolean(),
  sortOrder: order,
  access: z.enum(gameAccesses, { error: 'Please choose who may play it.' }),
  maxPoints: limit('highest score'),
  maxPointsPerSecond: limit('points per second'),
});
export type GameSettings = z.infer<typeof GameSettingsSchema>;

/**
 * POST /api/ops/content/games: an outside HTML5 game, played from its own https address. PlayOn
 * cannot replay its plays (ADR 0025): its scores are judged by the limits only and it cannot hold
 * a tournament.
 */
export const OutsideGameSchema = GameSettingsSchema.extend({
  name: text('name', 100),
  packageId: z
    .string({ error: 'Please enter the package id.' })
    .trim()
    .regex(/^[a-z][\w]*(\.[a-z][\w]*)+$/i, 'Please enter a package id like com.example.game.')
    .max(200, 'Keep the package id under 200 characters.'),
  description: text('description', 2000),
  gameUrl: z
    .string({ error: 'Please enter the game address.' })
    .trim()
    .max(2000, 'Keep the address under 2000 characters.')
    .pipe(z.url({ protocol: /^https$/, error: 'Please enter the https:// address of the game.' })),
  gameIcon: OwnImageSchema,
  trailerLink: TrailerSchema,
});
export type OutsideGame = z.input<typeof OutsideGameSchema>;
