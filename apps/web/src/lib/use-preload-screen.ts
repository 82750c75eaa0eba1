import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { afterScreenSettles } from './after-screen-settles';
import { preloadScreen } from './screen-preload';

/**
 * For a screen whose next step is known: that step's chunks load once this one has shown with its
 * data, so on a slow network they do not share it with what the player is looking at.
 */
export function usePreloadScreen(path: string): void {
  const queryClient = useQueryClient();
  useEffect(() => afterScreenSettles(queryClient, () => preloadScreen(path)), [queryClient, path]);
}
