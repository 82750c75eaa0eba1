import { z } from 'zod';

/** GET /api/events (docs/product.md, "Event banner"): the dashboard's banner slider, newest first. */
export const EventBannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  eventBannerUrl: z.string(),
  /** The tournament a tap on the banner opens (its page); null: the banner's description. */
  tournamentId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type EventBanner = z.infer<typeof EventBannerSchema>;

/** The slider moves on every 5 seconds (docs/product.md, "Event banner"). */
export const EVENT_SLIDE_MS = 5000;
