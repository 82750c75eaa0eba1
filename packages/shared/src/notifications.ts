import { z } from 'zod';
import type { Translation } from './messages.ts';

/** GET /api/profile/notifications (docs/product.md, "Notification"), newest first. */
export const PlayerNotificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** Where a tap leads in the app (e.g. /account/wallet), or null. */
  url: z.string().nullable(),
});
export type PlayerNotification = z.infer<typeof PlayerNotificationSchema>;

/** The push toast closes after 3 seconds (docs/product.md, "Toasts"). */
export const PUSH_TOAST_MS = 3000;

/** GET /api/push/vapid-public-key: the application server key a browser subscribes with. */
export const VapidPublicKeySchema = z.object({ publicKey: z.string() });
export type VapidPublicKey = z.infer<typeof VapidPublicKeySchema>;

export const notificationMessages = {
  empty: 'No Notifications Yet',
} as const;

/** `notificationMessages` in Kiswahili (docs/glossary.md). */
export const notificationMessagesSw: Translation<typeof notificationMessages> = {
  empty: 'Hakuna arifa bado',
};
