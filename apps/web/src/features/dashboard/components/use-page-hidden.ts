import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** True while the tab is in the background (another tab, the phone locked, another app on top). */
export function usePageHidden(): boolean {
  return useSyncExternalStore(subscribe, () => document.visibilityState === 'hidden');
}
