import '../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { useConnectivityWatcher } from '../features/offline/components/use-connectivity-watcher';
import { createQueryClient } from '../lib/query-client';

/** The screen, watched for a lost connection (it needs the query client to see failed requests). */
function WatchedScreen() {
  useConnectivityWatcher();
  return <Outlet />;
}

/** TanStack Query and the translator for every screen but the welcome page (see routes.tsx). */
export function Component() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <WatchedScreen />
    </QueryClientProvider>
  );
}
