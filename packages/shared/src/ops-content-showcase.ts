import { z } from 'zod';
import { youtubeVideoId } from './games.ts';
import { pageOf } from './ops.ts';
import { contentMessages, kiswahili, moment, OwnImageSchema, order, text } from './ops-content-fields.ts';

/** What the console puts on show: the dashboard's event banners and the Playon TV videos. */

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
  /** The tournament a tap on it opens in the player app; null: its description. */
  tournamentId: z.number().int().nullable(),
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
    tournamentId: z
      .number({ error: contentMessages.bannerTournament })
      .int(contentMessages.bannerTournament)
      .positive(contentMessages.bannerTournament)
      .nullish()
      .transform((id) => id ?? null),
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
  /** The title in Kiswahili; null when players reading Kiswahili see the English. */
  titleSw: z.string().nullable(),
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
  titleSw: kiswahili('title', 100),
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
