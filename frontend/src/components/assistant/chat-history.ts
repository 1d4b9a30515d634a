import { isCancelledError, type QueryClient } from '@tanstack/react-query';
import type { ChatResponse, ConversationData, Language } from '@clari/contracts';
import { loadHistory } from './assistant-api';
import { conversationStore, messagesFromResponse } from './conversation-store';

/** Cache key of a thread's history as the server last answered it (a history load or a reply). */
export const chatHistoryKey = (conversationDomain: string, threadKey: string) =>
  ['assistant', 'history', conversationDomain, threadKey] as const;

export interface ThreadRequest {
  /** The store key (conversationKey of domain and thread). */
  key: string;
  threadKey: string;
  conversationDomain: string;
  conversationData?: ConversationData;
  language: Language;
}

/** The panel's view of the thread after a server answer that carries the whole history. */
function applyAnswer(key: string, response: ChatResponse, extra: { replyLoading?: boolean } = {}): void {
  conversationStore.update(key, (current) => ({
    messages: messagesFromResponse(response, current.messages),
    suggestions: response.aiSuggestions ?? [],
    currentPhase: response.currentPhase || current.currentPhase,
    historyLoaded: true,
    ...extra,
  }));
}

/** Whether the thread must be loaded: never shown in this page's life, or its last load failed. */
export function needsLoad(client: QueryClient, request: ThreadRequest): boolean {
  return (
    !conversationStore.get(request.key).historyLoaded ||
    client.getQueryState(chatHistoryKey(request.conversationDomain, request.threadKey))?.status === 'error'
  );
}

/**
 * Loads the thread's history from the server into the panel, through the query cache: two
 * panels (or StrictMode's second effect) asking at once share one request, and the client's
 * retry policy applies. `replace` cancels a load on its way first, so the newest request wins.
 */
export async function loadThread(client: QueryClient, request: ThreadRequest, { replace = false } = {}): Promise<void> {
  const { key, threadKey, conversationDomain, conversationData, language } = request;
  const queryKey = chatHistoryKey(conversationDomain, threadKey);
  // Silently: the load replaced ends without showing its (older) answer.
  if (replace) await client.cancelQueries({ queryKey }, { silent: true });
  try {
    const response = await client.fetchQuery({
      queryKey,
      queryFn: ({ signal }) => loadHistory({ conversationDomain, conversationData, language }, signal),
      // Asked only when the panel needs it (see needsLoad); then always from the server.
      staleTime: 0,
    });
    applyAnswer(key, response);
  } catch (error) {
    // Replaced by a newer answer (a reply, or a reload): that one shows.
    if (isCancelledError(error)) return;
    // Part 1 §8: a history load failure is only logged; the panel becomes usable anyway and
    // the next visit to this thread tries again.
    console.error('Failed to load the conversation history', error);
    conversationStore.update(key, { historyLoaded: true });
  }
}

/** A reply carries the whole thread: it replaces any history load still on its way and becomes the cached history. */
export function threadAnswered(
  client: QueryClient,
  request: Pick<ThreadRequest, 'key' | 'threadKey' | 'conversationDomain'>,
  response: ChatResponse,
): void {
  const queryKey = chatHistoryKey(request.conversationDomain, request.threadKey);
  void client.cancelQueries({ queryKey }, { silent: true });
  client.setQueryData(queryKey, response);
  applyAnswer(request.key, response, { replyLoading: false });
}
