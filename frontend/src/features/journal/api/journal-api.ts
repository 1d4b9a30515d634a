import type {
  ConversationToJournalRequest,
  ConversationToJournalResponse,
  Language,
  TranscribeResponse,
} from '@clari/contracts';
import { api } from '../../../lib/api';
import { audioFileExtension } from '../../../components/assistant/assistant-api';

/** POST /transcribe (part 2 §7): multipart audio and language; clinicians only. */
export function transcribeSession(
  audio: Blob,
  fileName: string | null,
  language: Language,
): Promise<TranscribeResponse> {
  const form = new FormData();
  form.append('audio', audio, fileName ?? `recording.${audioFileExtension(audio.type)}`);
  form.append('language', language);
  return api<TranscribeResponse>('/transcribe', { method: 'POST', body: form });
}

/** POST /conversation-to-journal (part 2 §7): the summary as sanitised HTML. */
export function generateJournalSummary(request: ConversationToJournalRequest): Promise<ConversationToJournalResponse> {
  return api<ConversationToJournalResponse>('/conversation-to-journal', { method: 'POST', body: request });
}
