import { z } from 'zod';
import { gameAccesses, isOwnTrailerVideo, youtubeVideoId } from './games.ts';
import { pageOf, ReasonSchema } from './ops.ts';
import { SupportSettingSchema } from './support.ts';

/**
 * The console's content area (admins only): what players see of games, tournaments,
 * banners, Playon TV, packages, support settings and chat rooms, set by an operator.
 */

const text = (label: string, max: number) =>
  z
    .string({ error: `Please enter the ${label}.` })
    .trim()
    .min(1, `Please enter the ${label}.`)
    .max(max, `Keep the ${label} under ${max} characters.`);

/** A text's Kiswahili, optional: empty or left out, players asking in Kiswahili read the English. */
const kiswahili = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep the Kiswahili ${label} under ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

const order = z
  .number({ error: 'Please enter the order as a whole number.' })
  .int('Please enter the order as a whole number.')
  .min(0, 'The order is 0 or more.')
  .max(10_000, 'The order is at most 10,000.');

const moment = (label: string) => z.iso.datetime({ offset: true, error: `Please enter the ${label}.` });

/** An image this server stores (an upload under /media/, or a file it ships under /content/ or /play/). */
export const OwnImageSchema = z
  .string({ error: 'Please upload an image.' })
  .trim()
  .regex(/^\/(media|content|play)\/[\w./-]+$/, 'Please upload an image.')
  .refine((path) => !path.includes('..'), 'Please upload an image.');

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

export const contentMessages = {
  packageIdTaken: 'Another game has this package id.',
  gameNotFound: 'This game does not exist.',
  tournamentNotFound: 'This tournament does not exist.',
  tournamentStarted: 'This tournament has started: it can no longer be edited. End it now or cancel it.',
  tournamentCancelled: 'This tournament was cancelled.',
  tournamentRanked: 'This tournament has already been ranked.',
  tournamentNotStarted: 'This tournament has not started yet: cancel it instead.',
  startInPast: 'The start cannot be in the past.',
  endsBeforeStart: 'The end must be after the start.',
  outsideGameNoTournament:
    'An outside game cannot hold a tournament: PlayOn cannot replay its plays to check a score.',
  gameDisabled: 'This game is disabled: enable it first.',
  packageNotFound: 'This subscription package does not exist.',
  bannerNotFound: 'This banner does not exist.',
  tvItemNotFound: 'This video does not exist.',
  roomNotFound: 'This chat room does not exist.',
  roomArchived: 'This chat room is archived.',
  roomUidTaken: 'Another chat room has this name.',
} as const;

// ---- Games

export const gameScorings = ['replay', 'plausible'] as const;
export const gameSources = ['bundled', 'url'] as const;

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

// ---- Tournaments

export const opsTournamentStates = ['UPCOMING', 'ONGOING', 'ENDED', 'RANKED', 'CANCELLED'] as const;
export type OpsTournamentState = (typeof opsTournamentStates)[number];

export const awardNames = ['Gold', 'Silver', 'Bronze'] as const;

export const OpsPrizeSchema = z.object({
  position: z.number().int(),
  name: z.enum(awardNames),
  subscriptionPackageId: z.number().int(),
  packageName: z.string(),
  winnerId: z.string().nullable(),
});

export const OpsTournamentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  starts: z.string(),
  ends: z.string(),
  gameId: z.number().int(),
  gameName: z.string(),
  state: z.enum(opsTournamentStates),
  players: z.number().int(),
  prizes: z.array(OpsPrizeSchema),
  rankedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type OpsTournament = z.infer<typeof OpsTournamentSchema>;
export const OpsTournamentPageSchema = pageOf(OpsTournamentSchema);

/** POST /api/ops/content/tournaments (create) and /{id} (edit, before it starts). */
export const TournamentFormSchema = z
  .object({
    name: text('name', 100),
    description: text('description', 1000),
    gameId: z.number({ error: 'Please choose the game.' }).int().positive('Please choose the game.'),
    starts: moment('start'),
    ends: moment('end'),
    /** The package each podium place wins (1 Gold, 2 Silver, 3 Bronze); a place may have none. */
    prizes: z
      .array(
        z.object({
          position: z.number().int().min(1).max(3),
          subscriptionPackageId: z.number({ error: 'Please choose a package.' }).int().positive(),
        }),
      )
      .max(3)
      .refine(
        (prizes) => new Set(prizes.map((prize) => prize.position)).size === prizes.length,
        'Each place has one prize.',
      ),
  })
  .refine((form) => Date.parse(form.ends) > Date.parse(form.starts), {
    message: contentMessages.endsBeforeStart,
    path: ['ends'],
  });
export type TournamentForm = z.input<typeof TournamentFormSchema>;

export const ReasonRequestSchema = z.object({ reason: ReasonSchema });

// ---- Event banners

export const OpsBannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** The title and description in Kiswahili; null: players read the English. */
  titleSw: z.string().nullable(),
  descriptionSw: z.string().nullable(),
  eventBannerUrl: z.string(),
  /** The picture with its words in Kiswahili; null: players asking in Kiswahili see the English one. */
  eventBannerUrlSw: z.string().nullable(),
  sortOrder: z.number().int(),
  activeFrom: z.string().nullable(),
  activeTo: z.string().nullable(),
  /** Whether the dashboard shows it now. */
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type OpsBanner = z.infer<typeof OpsBannerSchema>;
export const OpsBannerPageSchema = pageOf(OpsBannerSchema);

export const BannerFormSchema = z
  .object({
    title: text('title', 100),
    description: text('description', 1000),
    titleSw: kiswahili('title', 100),
    descriptionSw: kiswahili('description', 1000),
    eventBannerUrl: OwnImageSchema,
    eventBannerUrlSw: z
      .union([z.literal(''), OwnImageSchema])
      .nullish()
      .transform((url) => url || null),
    sortOrder: order,
    activeFrom: moment('first day').nullable(),
    activeTo: moment('last day').nullable(),
  })
  .refine(
    (form) => !form.activeFrom || !form.activeTo || Date.parse(form.activeTo) > Date.parse(form.activeFrom),
    {
      message: 'The end must be after the start.',
      path: ['activeTo'],
    },
  );
export type BannerForm = z.input<typeof BannerFormSchema>;

// ---- Playon TV

export const OpsTvItemSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  channelUrl: z.string(),
  primary: z.boolean(),
  createdAt: z.string(),
});
export type OpsTvItem = z.infer<typeof OpsTvItemSchema>;
export const OpsTvPageSchema = pageOf(OpsTvItemSchema);

/** YouTube's own picture of a video; the only outside address a TV thumbnail may have. */
const YOUTUBE_THUMBNAIL =
  /^https:\/\/i\.ytimg\.com\/vi\/[\w-]{11}\/(default|mqdefault|hqdefault|sddefault|maxresdefault)\.jpg$/;
export const youtubeThumbnailUrl = (videoId: string) => `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`;

/** A TV item's picture: an image uploaded here, or YouTube's thumbnail of a video; blank for none. */
export const TvThumbnailSchema = z
  .string()
  .trim()
  .max(300, 'Keep the picture address under 300 characters.')
  .nullable()
  .default(null)
  .transform((url) => (url ? url : null))
  .refine(
    (url) => url === null || YOUTUBE_THUMBNAIL.test(url) || OwnImageSchema.safeParse(url).success,
    "Upload a picture, or use the video's YouTube thumbnail (https://i.ytimg.com/vi/…).",
  );

export const TvFormSchema = z.object({
  title: text('title', 100),
  thumbnailUrl: TvThumbnailSchema,
  channelUrl: z
    .string({ error: 'Please enter a YouTube link.' })
    .trim()
    .max(300, 'Keep the link under 300 characters.')
    .refine((link) => youtubeVideoId(link) !== null, 'Please enter a YouTube link.'),
  /** The one video embedded at the top of the TV page: choosing it makes the others not primary. */
  primary: z.boolean(),
});
export type TvForm = z.input<typeof TvFormSchema>;

// ---- Subscription packages

export const OpsPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The description in Kiswahili; null: players read the English. */
  descriptionSw: z.string().nullable(),
  /** KES per day. */
  amount: z.number(),
  currency: z.string(),
  duration: z.number().int(),
  popular: z.boolean(),
});
export type OpsPackage = z.infer<typeof OpsPackageSchema>;

/** POST /api/ops/content/packages/{id}: a new price applies to purchases started from then on. */
export const PackageFormSchema = z.object({
  description: text('description', 500),
  descriptionSw: kiswahili('description', 500),
  amount: z
    .number({ error: 'Please enter the price per day.' })
    .min(1, 'The price is at least KES 1.')
    .max(250_000, 'The price is at most KES 250,000.')
    .refine((amount) => Number.isInteger(amount), 'M-Pesa takes whole shillings: enter a whole number.'),
  popular: z.boolean(),
  reason: ReasonSchema,
});
export type PackageForm = z.input<typeof PackageFormSchema>;

// ---- Support settings

export const supportSettingNames = SupportSettingSchema.shape.name.options;

/** GET /api/ops/content/support: every name the feedback footer knows, '' when unset. */
export const OpsSupportSettingSchema = z.object({ name: z.enum(supportSettingNames), value: z.string() });

export const SupportSettingFormSchema = z.object({
  name: z.enum(supportSettingNames, { error: 'Unknown setting.' }),
  /** Empty hides it from the footer. */
  value: z.string().trim().max(300, 'Keep the value under 300 characters.'),
});

// ---- Chat rooms

export const OpsChatRoomSchema = z.object({
  id: z.number().int(),
  chatRoomUid: z.string(),
  name: z.string(),
  /** The name players reading Kiswahili see; null: they read the English. */
  nameSw: z.string().nullable(),
  icon: z.string(),
  memberCount: z.number().int(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OpsChatRoom = z.infer<typeof OpsChatRoomSchema>;
export const OpsChatRoomPageSchema = pageOf(OpsChatRoomSchema);

export const ChatRoomFormSchema = z.object({
  name: text('name', 60),
  nameSw: kiswahili('name', 60),
  icon: OwnImageSchema,
});
export type ChatRoomForm = z.input<typeof ChatRoomFormSchema>;

// ---- Images

/** Banners, game icons and room icons: an image by its bytes, at most 2 MiB. */
export const CONTENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const ContentImageSchema = z.object({ url: z.string() });
