import { useSyncExternalStore } from 'react';

/** Chrome's offer to install the app (not in the DOM types: only Chromium browsers send it). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let offer: BeforeInstallPromptEvent | null = null;
let isCapturing = false;
const listeners = new Set<() => void>();

function setOffer(next: BeforeInstallPromptEvent | null) {
  offer = next;
  for (const listener of listeners) listener();
}

/**
 * Keeps the browser's install offer for the home screen's banner instead of the browser's own
 * mini-infobar. The offer comes once per page load, often before the home screen has loaded, so this
 * starts with the router. An installed app is offered nothing more.
 */
export function captureInstallPrompt(): void {
  if (isCapturing) return;
  isCapturing = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    setOffer(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => setOffer(null));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the browser offers to install the app right now. */
export const useCanInstall = (): boolean => useSyncExternalStore(subscribe, () => offer !== null);

/** Shows the browser's install dialog; an offer serves one dialog, so it is gone whatever the answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const current = offer;
  if (!current) return 'unavailable';
  setOffer(null);
  await current.prompt();
  return (await current.userChoice).outcome;
}
