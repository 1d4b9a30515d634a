import { useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { ASSISTANT_LIMITS, type ChatResponse, type ConversationData, type Language } from '@clari/contracts';
import { clearConversation, loadHistory, streamChat } from './assistant-api';
import {
  conversationKey,
  conversationStore,
  messagesFromResponse,
  threadKeyOf,
  type DisplayMessage,
} from './conversation-store';

export interface UseAssistantChatOptions {
  /** The conversation domain (part 1 §3), e.g. 'valueexplorer_lifearea'. */
  conversationDomain: string;
  /** Domain data sent with every call; it also names the thread (see threadKeyOf). */
  conversationData?: ConversationData;
  /** The language Clari answers in. */
  language: Language;
  /** Called with the whole answer to every message sent (updates, phase, reflection, …). */
  onReply?: (response: ChatResponse) => void;
  /** Changing this value (after the first render) loads the thread's history again. */
  reloadKey?: string | number;
}

export interface AssistantChat {
  messages: readonly DisplayMessage[];
  suggestions: readonly string[];
  /** The phase the server last reported, or null before it has said. */
  currentPhase: string | null;
  /** A reply is on its way; sending is blocked meanwhile (part 1 §5). */
  loading: boolean;
  /** The reply's first words have arrived and it is being written. */
  streaming: boolean;
  /** The first history load has ended; until then the panel shows only a loading text. */
  historyLoaded: boolean;
  /**
   * Sends a message. Resolves true when Clari answered, false when nothing was sent (empty,
   * whitespace only, a reply still loading) or the call failed (logged; an error notice shows).
   */
  send(text: string): Promise<boolean>;
  /** Stops showing the reply being written; what has arrived stays (the server still keeps the whole turn). */
  stop(): void;
  /** Deletes the thread on the server and empties the list; resolves false if that failed. */
  clear(): Promise<boolean>;
  /** Loads the thread's history again. */
  reload(): void;
}

interface ThreadRequest {
  key: string;
  conversationDomain: string;
  conversationData?: ConversationData;
  language: Language;
}

async function loadThread({ key, conversationDomain, conversationData, language }: ThreadRequest): Promise<void> {
  const isNewest = conversationStore.beginLoad(key);
  try {
    const response = await loadHistory({ conversationDomain, conversationData, language });
    if (!isNewest()) return;
    conversationStore.update(key, (current) => ({
      messages: messagesFromResponse(response, current.messages),
      suggestions: response.aiSuggestions ?? [],
      currentPhase: response.currentPhase || current.currentPhase,
      historyLoaded: true,
    }));
  } catch (error) {
    // Part 1 §8: a history load failure is only logged; the panel becomes usable anyway and
    // the next visit to this thread tries again.
    console.error('Failed to load the conversation history', error);
    if (!isNewest()) return;
    conversationStore.unmarkLoaded(key);
    conversationStore.update(key, { historyLoaded: true });
  }
}

/**
 * One assistant conversation: its messages, suggestions and phase, sending and clearing.
 * History loads once per domain and thread for the page's life, unless `reloadKey` changes.
 */
export function useAssistantChat({ conversationDomain, conversationData, language, onReply, reloadKey }: UseAssistantChatOptions): AssistantChat {
  const key = conversationKey(conversationDomain, threadKeyOf(conversationDomain, conversationData));
  const snapshot = useSyncExternalStore(
    conversationStore.subscribe,
    () => conversationStore.get(key),
    () => conversationStore.get(key),
  );

  // Pages pass a new conversationData object on every render; the calls read the latest one
  // without reloading the history (only the thread it names matters for that).
  const latest = useRef({ conversationData, language, onReply });
  useLayoutEffect(() => {
    latest.current = { conversationData, language, onReply };
  });

  const previousReloadKey = useRef(reloadKey);
  useEffect(() => {
    const forced = previousReloadKey.current !== reloadKey;
    previousReloadKey.current = reloadKey;
    if (!forced && conversationStore.isLoaded(key)) return;
    // Not aborted on unmount: the answer belongs to the thread, not to this component, and
    // StrictMode's second effect run relies on the first run's load finishing.
    void loadThread({ key, conversationDomain, conversationData: latest.current.conversationData, language: latest.current.language });
  }, [key, conversationDomain, reloadKey]);

  const controller = useRef<AbortController | null>(null);

  const send = useCallback(
    async (text: string): Promise<boolean> => {
      const message = text.trim().slice(0, ASSISTANT_LIMITS.messageMax);
      if (!message || conversationStore.get(key).replyLoading) return false;
      const { conversationData: data, language: lang } = latest.current;
      const pending: DisplayMessage = { role: 'user', content: message, timestamp: new Date().toISOString() };
      conversationStore.update(key, (current) => ({
        replyLoading: true,
        messages: [...current.messages.filter((item) => !item.error), pending],
      }));
      const abort = new AbortController();
      controller.current = abort;
      // The reply as it is written: one assistant message that grows, after the user's.
      const grow = (piece: string) =>
        conversationStore.update(key, (current) => {
          const last = current.messages[current.messages.length - 1];
          const writing = last?.streaming ? last : null;
          const rest = writing ? current.messages.slice(0, -1) : current.messages;
          return { messages: [...rest, { role: 'assistant', content: `${writing?.content ?? ''}${piece}`, streaming: true }] };
        });
      try {
        const response = await streamChat({ message, conversationDomain, conversationData: data, language: lang }, grow, abort.signal);
        // This answer holds the whole history: an older history load arriving later is stale.
        conversationStore.beginLoad(key);
        conversationStore.update(key, (current) => ({
          messages: messagesFromResponse(response, current.messages),
          suggestions: response.aiSuggestions ?? [],
          currentPhase: response.currentPhase || current.currentPhase,
          historyLoaded: true,
          replyLoading: false,
        }));
        latest.current.onReply?.(response);
        return true;
      } catch (error) {
        if (abort.signal.aborted) {
          // Stopped by the user: what had arrived stays, marked as stopped; nothing is applied.
          conversationStore.update(key, (current) => ({
            replyLoading: false,
            messages: current.messages.map((item) => (item.streaming ? { ...item, streaming: false, stopped: true } : item)),
          }));
          return true;
        }
        // Part 1 §8: a chat failure is logged. The unsent message leaves the list (the panel
        // puts a typed message back into the input) and a short notice invites a retry.
        console.error('The chat request failed', error);
        conversationStore.update(key, (current) => ({
          replyLoading: false,
          messages: [...current.messages.filter((item) => item !== pending && !item.streaming), { role: 'assistant', content: '', error: true }],
        }));
        return false;
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [key, conversationDomain],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  const clear = useCallback(async (): Promise<boolean> => {
    const { conversationData: data, language: lang } = latest.current;
    try {
      await clearConversation({ conversationDomain, conversationData: data });
    } catch (error) {
      console.error('Failed to clear the conversation', error);
      return false;
    }
    conversationStore.update(key, { messages: [], suggestions: [] });
    // The emptied thread's starter suggestions.
    void loadThread({ key, conversationDomain, conversationData: data, language: lang });
    return true;
  }, [key, conversationDomain]);

  const reload = useCallback(() => {
    const { conversationData: data, language: lang } = latest.current;
    void loadThread({ key, conversationDomain, conversationData: data, language: lang });
  }, [key, conversationDomain]);

  return {
    messages: snapshot.messages,
    suggestions: snapshot.suggestions,
    currentPhase: snapshot.currentPhase,
    loading: snapshot.replyLoading,
    streaming: snapshot.replyLoading && !!snapshot.messages[snapshot.messages.length - 1]?.streaming,
    historyLoaded: snapshot.historyLoaded,
    send,
    stop,
    clear,
    reload,
  };
}
