import { useSyncExternalStore } from 'react';

// The newest known one lives with the session (a logout forgets it); the last visit stays on the phone.
const LATEST_KEY = 'notifications_latest_at';
const SEEN_KEY = 'notifications_seen_at';

const listeners = new Set<() => void>();
const time = (iso: string | null) => (iso ? Date.parse(iso) : Number.NEGATIVE_INFINITY);

function advance(storage: Storage, key: string, createdAt: string | undefined) {
  if (!createdAt || time(createdAt) <= time(storage.getItem(key))) return;
  storage.setItem(key, createdAt);
  for (const listener of listeners) listener();
}

/** The newest notification the app knows of, from the list or from /ws. */
export function noteLatestNotification(createdAt: string | undefined): void {
  advance(sessionStorage, LATEST_KEY, createdAt);
}

/** The player is on the notifications screen: everything up to `createdAt` has been seen. */
export function markNotificationsSeen(createdAt: string | undefined): void {
  noteLatestNotification(createdAt);
  advance(localStorage, SEEN_KEY, createdAt);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const hasUnread = () => time(sessionStorage.getItem(LATEST_KEY)) > time(localStorage.getItem(SEEN_KEY));

/** A notification newer than the player's last visit to the notifications screen (the nav's dot). */
export const useHasUnreadNotifications = (): boolean => useSyncExternalStore(subscribe, hasUnread);
