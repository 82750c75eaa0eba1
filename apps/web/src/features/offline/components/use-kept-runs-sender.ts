import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { afterScreenSettles } from '../../../lib/after-screen-settles';
import { hasKeptRuns } from '../../../lib/kept-runs';

/**
 * App-wide: the runs games kept on this phone without a network (ADR 0065) are sent once the first
 * screen has settled and again whenever the network returns. The sender is its own chunk, loaded only
 * when a run waits; screens showing scores read them afresh once one counted.
 */
export function useKeptRunsSender(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const send = () => {
      if (!navigator.onLine || !hasKeptRuns()) return;
      void import('../../../lib/offline-play/send-kept-runs')
        .then(({ sendKeptRunsNow }) => sendKeptRunsNow(() => void queryClient.invalidateQueries()))
        .catch(() => {});
    };
    const cancel = afterScreenSettles(queryClient, send);
    window.addEventListener('online', send);
    return () => {
      cancel();
      window.removeEventListener('online', send);
    };
  }, [queryClient]);
}
