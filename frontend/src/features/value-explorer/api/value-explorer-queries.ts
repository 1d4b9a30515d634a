import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ValueExplorerDataResponse } from '@clari/contracts';
import { loadValueExplorerData } from './value-explorer-api';

/** Cache keys of the Value Explorer's server state (per account, as its localStorage draft is). */
export const valueExplorerKeys = {
  all: ['value-explorer'] as const,
  data: (email: string) => [...valueExplorerKeys.all, 'data', email] as const,
};

/**
 * The user's Value Explorer document as the server last answered it (loaded, or stored by the
 * autosave). Checked on every visit: the page's local copy starts only from a fresh answer.
 */
export function useValueExplorerData(email: string) {
  return useQuery({ queryKey: valueExplorerKeys.data(email), queryFn: ({ signal }) => loadValueExplorerData(signal), staleTime: 0 });
}

/** The server answered a save with the stored document: the cache holds it. */
export function valueExplorerSaved(client: QueryClient, email: string, saved: ValueExplorerDataResponse): void {
  client.setQueryData(valueExplorerKeys.data(email), saved);
}

/** A new summary is stored on the server by Clari's summary handler; the cached document follows. */
export function summaryStored(client: QueryClient, email: string, summary: string): void {
  client.setQueryData<ValueExplorerDataResponse>(valueExplorerKeys.data(email), (data) => data && { ...data, summary });
}
