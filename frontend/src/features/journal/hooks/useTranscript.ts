import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JOURNAL_LIMITS, type Language } from '@clari/contracts';
import { useToast } from '../../../components/ToastProvider';
import { useSessionUser } from '../../../components/auth/AuthProvider';
import { ApiError } from '../../../lib/api';
import { draftKey, parseText, readDraft, writeDraft } from '../../../lib/drafts/draft-store';
import { transcribeSession } from '../api/journal-api';
import { JOURNAL_NS } from '../journal-i18n';
import type { ChosenAudio } from './useChosenAudio';

/**
 * The transcript the clinician edits, and its filling from transcribed audio (appended, never
 * replaced). The server never stores it: it is kept in this tab's session storage only, so a
 * reload or a crash loses nothing while closing the tab forgets it (patient data).
 */
export function useTranscript(language: Language) {
  const { t } = useTranslation(JOURNAL_NS);
  const toast = useToast();
  const email = useSessionUser()?.email ?? null;
  const key = email ? draftKey('journal', email, 'transcript') : null;
  const [text, setText] = useState(() => (key ? (readDraft(key, parseText, 'session')?.value ?? '') : ''));
  const [restored] = useState(() => text !== '');
  useEffect(() => {
    if (restored) toast(t('transcription.restored'), 'info');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- told once, when the page opens with a kept transcript
  }, []);
  useEffect(() => {
    if (key) writeDraft(key, text ? { value: text, basedOn: null, keptAt: Date.now() } : null, 'session');
  }, [key, text]);
  const [transcribing, setTranscribing] = useState(false);
  const [notConfigured, setNotConfigured] = useState(false);
  const [justTranscribed, setJustTranscribed] = useState(false);

  const transcribe = async (audio: ChosenAudio | null) => {
    if (!audio) {
      toast(t('errors.noFile'), 'error');
      return;
    }
    setTranscribing(true);
    setJustTranscribed(false);
    try {
      const { transcription } = await transcribeSession(audio.blob, audio.fileName, language);
      setNotConfigured(false);
      if (!transcription.trim()) {
        toast(t('errors.noSpeech'), 'info');
        return;
      }
      setText((current) =>
        (current.trim() ? `${current.trimEnd()}\n\n${transcription}` : transcription).slice(
          0,
          JOURNAL_LIMITS.transcriptionMax,
        ),
      );
      setJustTranscribed(true);
    } catch (error) {
      // Part 2 §8: a transcription failure alerts the translated transcription error.
      console.error('Transcription failed', error);
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 503) setNotConfigured(true);
      const key =
        status === 503
          ? 'errors.notConfigured'
          : status === 413
            ? 'errors.tooLarge'
            : status === 415
              ? 'errors.unsupported'
              : status === 429
                ? 'errors.rateLimited'
                : 'errors.transcription';
      toast(t(key), 'error');
    } finally {
      setTranscribing(false);
    }
  };

  return { text, setText, transcribe, transcribing, notConfigured, justTranscribed };
}
