/** GET /api/events (spec section 3, "Event banner"): the dashboard's banner slider, newest first. */
export interface EventBanner {
  id: number;
  title: string;
  description: string;
  eventBannerUrl: string;
  createdAt: string;
}

/** The slider moves on every 5 seconds (spec section 9). */
export const EVENT_SLIDE_MS = 5000;
