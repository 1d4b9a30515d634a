import type {
  ChatRequest,
  ChatResponse,
  SummaryConversationData,
  ValueExplorerData,
  ValueExplorerDataResponse,
} from '@clari/contracts';
import { apiPaths } from '../../../config/api-paths';
import { api, takeLoadedWithPage } from '../../../lib/api';
import { forgetConversation } from '../../../components/assistant/conversation-store';

export function loadValueExplorerData(signal?: AbortSignal): Promise<ValueExplorerDataResponse> {
  return api<ValueExplorerDataResponse>(apiPaths.valueExplorerData, { signal });
}

/** The document as the page's load read it, if it has come (taken once; see takeLoadedWithPage). */
export function takeValueExplorerDataLoadedWithPage(): ValueExplorerDataResponse | undefined {
  return takeLoadedWithPage<ValueExplorerDataResponse>(apiPaths.valueExplorerData);
}

export function saveValueExplorerData(data: ValueExplorerData): Promise<ValueExplorerDataResponse> {
  return api<ValueExplorerDataResponse>(apiPaths.valueExplorerData, { method: 'PUT', body: data });
}

/** The summary is one message in the valueexplorer_summary domain; only its reply is read. */
export async function generateSummary(
  message: string,
  conversationData: SummaryConversationData,
  language: string,
): Promise<string> {
  const body: ChatRequest = {
    message,
    conversationDomain: 'valueexplorer_summary',
    conversationData: { ...conversationData },
    language,
  };
  const response = await api<ChatResponse>('/api/ai-assistant/chat', { method: 'POST', body });
  return response.reply ?? '';
}

/** Removing an area also deletes its conversation with Clari, on the server and in this page. */
export async function clearAreaConversation(area: string): Promise<void> {
  const thread = { conversationDomain: 'valueexplorer_lifearea', conversationData: { area: { id: area } } };
  try {
    await api('/api/ai-assistant/clear-conversation', { method: 'POST', body: thread });
  } finally {
    forgetConversation(thread.conversationDomain, thread.conversationData);
  }
}
