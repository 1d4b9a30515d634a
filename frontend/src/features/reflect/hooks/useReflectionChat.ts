import { useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { flushSync } from 'react-dom';
import {
  REFLECT_CLARIFY_PHRASE,
  type ChatResponse,
  type Language,
  type Reflection,
  type ReflectionAiResultRequest,
  type ReflectionDetail,
} from '@clari/contracts';
import type { ChatPanelHandle } from '../../../components/assistant/ChatPanel';
import { saveAiResult } from '../api/reflect-api';
import { aiResultRequest, conversationDataOf, hasAiResult, lastUserMessage } from '../logic/clari-answer';
import { hasContent, summaryFlagAfterClarifyReply, summaryFlagAfterReply } from '../logic/summary-flag';

interface ReflectionChatOptions {
  detail: ReflectionDetail | null;
  setDetail: Dispatch<SetStateAction<ReflectionDetail | null>>;
  flag: boolean;
  setFlag: Dispatch<SetStateAction<boolean>>;
  language: Language;
}

/**
 * The reflection's conversation with Clari: what the chat sends along, what a reply changes
 * (the summary flag, and Clari's summary and takeaways, saved at once), and the Clarify request.
 */
export function useReflectionChat({ detail, setDetail, flag, setFlag, language }: ReflectionChatOptions) {
  const [chatReady, setChatReady] = useState(false);
  const [lastMessage, setLastMessage] = useState<string | undefined>(undefined);
  const chat = useRef<ChatPanelHandle>(null);
  /** A Clarify click waits for its reply. */
  const clarifyPending = useRef(false);
  const reflection = detail?.reflection ?? null;

  const conversationData = useMemo(
    // Spread into a plain object: ChatPanel takes any record, an interface has no index signature.
    () =>
      detail
        ? { ...conversationDataOf({ reflection: detail.reflection, takeaways: detail.takeaways, flag, lastMessage }) }
        : undefined,
    [detail, flag, lastMessage],
  );

  /** Saves Clari's summary and takeaways in one call and shows what the server kept; a failure is only logged. */
  const applyAiResult = async (current: Reflection, body: ReflectionAiResultRequest) => {
    try {
      setDetail(await saveAiResult(current.id, body));
    } catch (error) {
      console.error('Failed to save reflection', error);
      // Nothing arrived: without content the Clarify button comes back for another try.
      if (!hasContent(current)) setFlag(false);
    }
  };

  const onReply = (response: ChatResponse) => {
    setLastMessage((previous) => lastUserMessage(response.history) ?? previous);
    if (clarifyPending.current) {
      clarifyPending.current = false;
      setFlag((current) => summaryFlagAfterClarifyReply(current, response, reflection));
    } else {
      setFlag((current) => summaryFlagAfterReply(current, response));
    }
    if (reflection && hasAiResult(response)) void applyAiResult(reflection, aiResultRequest(response));
  };

  const clarify = async () => {
    const panel = chat.current;
    if (!panel || !reflection) return;
    // The flag is committed before the message goes out, so conversationData carries it.
    flushSync(() => setFlag(true));
    clarifyPending.current = true;
    // The button has gone; the keyboard focus continues in the chat.
    panel.focus();
    const sent = await panel.send(REFLECT_CLARIFY_PHRASE[language]);
    if (!sent) {
      clarifyPending.current = false;
      setFlag(hasContent(reflection));
    }
  };

  return { chat, chatReady, setChatReady, conversationData, onReply, clarify };
}
