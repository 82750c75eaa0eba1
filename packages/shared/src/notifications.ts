/** GET /api/profile/notifications (spec section 3, "Notification"), newest first. */
export interface PlayerNotification {
  id: string;
  title: string;
  body: string;
  createdAt: string;
  /** Where a tap leads in the app (e.g. /account/wallet), or null. */
  url: string | null;
}

/** The push toast closes after 3 seconds (spec section 9). */
export const PUSH_TOAST_MS = 3000;

/** GET /api/push/vapid-public-key: the application server key a browser subscribes with. */
export interface VapidPublicKey {
  publicKey: string;
}

export const notificationMessages = {
  empty: 'No Notifications Yet',
} as const;
