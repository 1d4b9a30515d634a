import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { queryClient } from '../lib/query-client';

/**
 * The server-state cache for every page below it. A lazily loaded layout route, so TanStack
 * Query travels with the first page that needs it and not with the landing page's first load.
 */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
