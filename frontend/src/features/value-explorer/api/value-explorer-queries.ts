import { useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SummaryConversationData, ValueExplorerDataResponse } from '@clari/contracts';
import { generateSummary, loadValueExplorerData } from './value-explorer-api';

/** Cache keys of the Value Explorer's server state (per account, as its localStorage draft is). */
export const valueExplorerKeys = {
  all: ['value-explorer'] as const,
  data: (email: string) => [...valueExplorerKeys.all, 'data', email] as const,
};

/**
 * The user's Value Explorer document as the server last answered it (loaded, or stored by the
 * autosave). Checked on every visit: the page's local copy starts only from a fresh answer.
 * `loadedWithPage` is the answer the page's own load read moments ago (the first visit after
 * opening the page): it is that visit's check, so it is not asked for again on mount.
 */
export function useValueExplorerData(email: string, loadedWithPage?: ValueExplorerDataResponse) {
  return useQuery({
    queryKey: valueExplorerKeys.data(email),
    queryFn: ({ signal }) => loadValueExplorerData(signal),
    staleTime: 0,
    initialData: loadedWithPage,
    refetchOnMount: !loadedWithPage,
  });
}

/** The server answered a save with the stored document: the cache holds it. */
export function valueExplorerSaved(client: QueryClient, email: string, saved: ValueExplorerDataResponse): void {
  client.setQueryData(valueExplorerKeys.data(email), saved);
}

/** A new summary is stored on the server by Clari's summary handler; the cached document follows. */
export function summaryStored(client: QueryClient, email: string, summary: string): void {
  client.setQueryData<ValueExplorerDataResponse>(valueExplorerKeys.data(email), (data) => data && { ...data, summary });
}

/**
 * Asks Clari for the summary, after the autosave has given the server everything (the summary
 * handler stores the answer as the user's summary). An empty answer counts as a failure.
 */
export function useGenerateSummary(flush: () => Promise<void>) {
  return useMutation({
    mutationFn: async ({
      request,
      conversationData,
      language,
    }: {
      request: string;
      conversationData: SummaryConversationData;
      language: string;
    }) => {
      await flush();
      const reply = await generateSummary(request, conversationData, language);
      if (!reply.trim()) throw new Error('Failed to generate summary');
      return reply;
    },
  });
}
