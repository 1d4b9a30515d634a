import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { onSessionEnd } from './session-end';

/** A refused request (4xx) is an answer; asking again gives the same one. Network and server errors are retried. */
function retryable(failures: number, error: unknown): boolean {
  if (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  )
    return false;
  return failures < 2;
}

/**
 * The SPA's server-state cache. Data counts as fresh for 30 s, so moving between pages shows
 * it at once; windows regaining focus do not refetch, which would replace what someone is
 * editing. Mutations are never retried here: the ones that may be (autosave) retry themselves.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: retryable, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The one client of the running app; it is loaded with the first page that needs server state. */
export const queryClient = createQueryClient();

// Another account in the same tab, or none, must not see this one's cached data.
onSessionEnd(() => queryClient.clear());
