import '../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useConnectivityWatcher } from '../features/offline/components/use-connectivity-watcher';
import { subscribeLanguage } from '../lib/language';
import { createQueryClient } from '../lib/query-client';

/** The screen, watched for a lost connection (it needs the query client to see failed requests). */
function WatchedScreen() {
  useConnectivityWatcher();
  return <Outlet />;
}

/** TanStack Query and the translator for every screen but the welcome page (see routes.tsx). */
export function Component() {
  const [queryClient] = useState(createQueryClient);
  // The server answers in the request's language (banners, games, packages, notifications...): what
  // was fetched in the other one is fetched again, or a player who switched reads it until it is stale.
  useEffect(() => {
    const unsubscribe = subscribeLanguage(() => void queryClient.invalidateQueries());
    return () => {
      unsubscribe();
    };
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <WatchedScreen />
    </QueryClientProvider>
  );
}
