import { useEffect } from 'react';
import { preloadScreen } from './screen-preload';

/** For a screen whose next step is known: that step's chunks load once this one has shown. */
export function usePreloadScreen(path: string): void {
  useEffect(() => preloadScreen(path), [path]);
}
