import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { ASSISTANT_LIMITS, type ChatResponse, type ConversationData, type Language } from '@clari/contracts';
import { clearConversation, streamChat } from './assistant-api';
import { loadThread, needsLoad, threadAnswered } from './chat-history';
import { conversationKey, conversationStore, threadKeyOf, type DisplayMessage } from './conversation-store';

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

/**
 * One assistant conversation: its messages, suggestions and phase, sending and clearing.
 * History loads once per domain and thread for the page's life, unless `reloadKey` changes.
 */
export function useAssistantChat({
  conversationDomain,
  conversationData,
  language,
  onReply,
  reloadKey,
}: UseAssistantChatOptions): AssistantChat {
  const client = useQueryClient();
  const threadKey = threadKeyOf(conversationDomain, conversationData);
  const key = conversationKey(conversationDomain, threadKey);
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
    const request = {
      key,
      threadKey,
      conversationDomain,
      conversationData: latest.current.conversationData,
      language: latest.current.language,
    };
    if (!forced && !needsLoad(client, request)) return;
    // Not cancelled on unmount: the answer belongs to the thread, not to this component, and
    // StrictMode's second effect run joins the first run's load.
    void loadThread(client, request, { replace: forced });
  }, [client, key, threadKey, conversationDomain, reloadKey]);

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
          return {
            messages: [...rest, { role: 'assistant', content: `${writing?.content ?? ''}${piece}`, streaming: true }],
          };
        });
      try {
        const response = await streamChat(
          { message, conversationDomain, conversationData: data, language: lang },
          grow,
          abort.signal,
        );
        // This answer holds the whole history: an older history load still on its way is stale.
        threadAnswered(client, { key, threadKey, conversationDomain }, response);
        latest.current.onReply?.(response);
        return true;
      } catch (error) {
        if (abort.signal.aborted) {
          // Stopped by the user: what had arrived stays, marked as stopped; nothing is applied.
          conversationStore.update(key, (current) => ({
            replyLoading: false,
            messages: current.messages.map((item) =>
              item.streaming ? { ...item, streaming: false, stopped: true } : item,
            ),
          }));
          return true;
        }
        // Part 1 §8: a chat failure is logged. The unsent message leaves the list (the panel
        // puts a typed message back into the input) and a short notice invites a retry.
        console.error('The chat request failed', error);
        conversationStore.update(key, (current) => ({
          replyLoading: false,
          messages: [
            ...current.messages.filter((item) => item !== pending && !item.streaming),
            { role: 'assistant', content: '', error: true },
          ],
        }));
        return false;
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [client, key, threadKey, conversationDomain],
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
    void loadThread(
      client,
      { key, threadKey, conversationDomain, conversationData: data, language: lang },
      { replace: true },
    );
    return true;
  }, [client, key, threadKey, conversationDomain]);

  const reload = useCallback(() => {
    const { conversationData: data, language: lang } = latest.current;
    void loadThread(
      client,
      { key, threadKey, conversationDomain, conversationData: data, language: lang },
      { replace: true },
    );
  }, [client, key, threadKey, conversationDomain]);

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
