import '../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { createQueryClient } from '../lib/query-client';

/** TanStack Query and i18next for every screen but the welcome page (see routes.tsx). */
export function Component() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
