import type { ChatHistoryItem, ChatResponse, ChatRole, ConversationData, FlaggedRisk } from '@clari/contracts';
import { onSessionEnd } from '../../lib/session-end';

/** One bubble of the chat panel. */
export interface DisplayMessage {
  role: ChatRole;
  /** Markdown text; empty for an error notice, whose text is translated when shown. */
  content: string;
  timestamp?: string;
  /** A local notice that a send failed: never sent to or stored by the server. */
  error?: boolean;
  /**
   * A message the safety check caught, an answer to Clari's check-in, or Clari's crisis, urgent or
   * check-in reply: the panel shows its help card while the thread holds one.
   */
  risk?: FlaggedRisk;
  /** Clari's reply while it is still being written (streamed); replaced by the complete answer. */
  streaming?: boolean;
  /** The user stopped this reply while it was written: it shows what had arrived. */
  stopped?: boolean;
}

/** What the panel shows for one conversation thread. */
export interface ConversationSnapshot {
  readonly messages: readonly DisplayMessage[];
  readonly suggestions: readonly string[];
  readonly currentPhase: string | null;
  /** The first history load has ended (successfully or not). */
  readonly historyLoaded: boolean;
  /** A reply to a sent message is on its way. */
  readonly replyLoading: boolean;
}

const EMPTY_SNAPSHOT: ConversationSnapshot = {
  messages: [],
  suggestions: [],
  currentPhase: null,
  historyLoaded: false,
  replyLoading: false,
};

// Conversations live at module level, keyed by domain and thread, so that a page that
// unmounts and comes back (or two panels on one thread) shows the same messages without
// asking the server again (part 1 §4: history loads once per domain and thread).
// Loading goes through the query cache (chat-history.ts); this store holds the live thread.
const snapshots = new Map<string, ConversationSnapshot>();
const listeners = new Set<() => void>();

/**
 * The thread a conversation belongs to, derived as the server derives it: sectionNumber for
 * yearcompass_dynamicsection, reflectionId for reflect_topic, session_id for interview;
 * otherwise thread_id, else the area id (`area: {id}` or `area: 'family'`), else 'default'.
 */
export function threadKeyOf(conversationDomain: string, conversationData: ConversationData = {}): string {
  const byDomain: Record<string, unknown> = {
    yearcompass_dynamicsection: conversationData.sectionNumber,
    reflect_topic: conversationData.reflectionId,
    interview: conversationData.session_id,
  };
  return (
    threadField(byDomain[conversationDomain]) ||
    threadField(conversationData.thread_id) ||
    areaIdOf(conversationData) ||
    'default'
  );
}

function threadField(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return value.trim();
  return '';
}

function areaIdOf(data: ConversationData): string {
  const area = data.area;
  if (area && typeof area === 'object' && !Array.isArray(area)) return threadField((area as { id?: unknown }).id);
  return threadField(area);
}

/** The store key of a thread: domain and thread id together. */
export function conversationKey(conversationDomain: string, threadKey: string): string {
  return `${conversationDomain}\u0000${threadKey}`;
}

/**
 * The text of a history item. Part 1 §3: an assistant item may hold the model's raw JSON
 * answer; its `reply` field is what the user should read.
 */
export function displayContent(item: Pick<ChatHistoryItem, 'role' | 'content'>): string {
  const content = typeof item.content === 'string' ? item.content : '';
  if (item.role !== 'assistant' || !content.trimStart().startsWith('{')) return content;
  try {
    const parsed: unknown = JSON.parse(content);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { reply?: unknown }).reply === 'string')
      return (parsed as { reply: string }).reply;
  } catch {
    // Not JSON after all: a reply that happens to start with a brace.
  }
  return content;
}

/** The bubbles for a chat answer; an answer without history still shows its reply. */
export function messagesFromResponse(response: ChatResponse, previous: readonly DisplayMessage[]): DisplayMessage[] {
  const history = Array.isArray(response.history) ? response.history : [];
  if (history.length === 0 && response.reply) {
    return [
      ...previous.filter((message) => !message.error && !message.streaming),
      {
        role: 'assistant',
        content: response.reply,
        ...(response.risk !== 'none' ? { risk: response.risk } : {}),
      },
    ];
  }
  return history
    .filter((item) => item.role === 'user' || item.role === 'assistant')
    .map((item) => ({
      role: item.role,
      content: displayContent(item),
      timestamp: item.timestamp,
      ...(item.risk ? { risk: item.risk } : {}),
    }));
}

export const conversationStore = {
  get(key: string): ConversationSnapshot {
    return snapshots.get(key) ?? EMPTY_SNAPSHOT;
  },

  update(
    key: string,
    change: Partial<ConversationSnapshot> | ((current: ConversationSnapshot) => Partial<ConversationSnapshot>),
  ): void {
    const current = conversationStore.get(key);
    const next = { ...current, ...(typeof change === 'function' ? change(current) : change) };
    snapshots.set(key, next);
    listeners.forEach((listener) => listener());
  },

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Forgets one thread (deleted outside the panel, e.g. with its life area): the next view loads it afresh. */
export function forgetConversation(conversationDomain: string, conversationData: ConversationData = {}): void {
  const key = conversationKey(conversationDomain, threadKeyOf(conversationDomain, conversationData));
  snapshots.delete(key);
  listeners.forEach((listener) => listener());
}

/**
 * Forgets every conversation held in memory, so the next panel asks the server again. Call it
 * when the signed-in user changes without a page load (logout itself reloads the page).
 */
export function forgetConversations(): void {
  snapshots.clear();
  listeners.forEach((listener) => listener());
}

// Forgotten when the signed-in user changes or leaves (the session code cannot import this chunk).
onSessionEnd(forgetConversations);
