import type {
  ChatRequest,
  ChatResponse,
  ClearConversationRequest,
  ClearConversationResponse,
  TranscribeResponse,
} from '@clari/contracts';
import { api } from '../../lib/api';
import { postEventStream } from '../../lib/event-stream';

/** Sends one user message; the answer carries the whole thread's history. */
export const sendChat = (request: ChatRequest, signal?: AbortSignal) =>
  api<ChatResponse>('/api/ai-assistant/chat', { method: 'POST', body: request, signal });

/**
 * Sends one user message and receives the reply as it is written: `onText` gets each new piece
 * of text; the promise resolves with the complete answer (which alone carries updates).
 */
export const streamChat = (request: ChatRequest, onText: (text: string) => void, signal?: AbortSignal) =>
  postEventStream<ChatResponse>(
    '/api/ai-assistant/chat',
    request,
    (event) => {
      const text = (event.data as { text?: unknown } | null)?.text;
      if (event.event === 'delta' && typeof text === 'string') onText(text);
    },
    signal,
  );

/** An empty message loads the thread's history (and starter suggestions) without calling the model. */
export const loadHistory = (request: Omit<ChatRequest, 'message'>, signal?: AbortSignal) =>
  sendChat({ ...request, message: '' }, signal);

export const clearConversation = (request: ClearConversationRequest) =>
  api<ClearConversationResponse>('/api/ai-assistant/clear-conversation', { method: 'POST', body: request });

/** The file extension for a recording's MIME type, so the upload's name matches its container. */
export function audioFileExtension(mimeType: string): string {
  const type = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  const known: Record<string, string> = {
    'audio/webm': 'webm',
    'video/webm': 'webm',
    'audio/mp4': 'mp4',
    'video/mp4': 'mp4',
    'audio/m4a': 'm4a',
    'audio/x-m4a': 'm4a',
    'audio/wav': 'wav',
    'audio/wave': 'wav',
    'audio/x-wav': 'wav',
    'audio/aac': 'aac',
    'audio/ogg': 'ogg',
    'audio/mpeg': 'mp3',
  };
  // WebM is what most browsers record; the server checks the bytes, not the name, anyway.
  return known[type] ?? 'webm';
}

/** Uploads a recording for transcription (multipart: audio, language). */
export function transcribe(audio: Blob, language: string, signal?: AbortSignal): Promise<TranscribeResponse> {
  const form = new FormData();
  form.append('audio', audio, `recording.${audioFileExtension(audio.type)}`);
  form.append('language', language);
  return api<TranscribeResponse>('/api/transcribe', { method: 'POST', body: form, signal });
}
