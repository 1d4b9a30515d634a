import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JournalNoteFormat, Language } from '@clari/contracts';
import { useToast } from '../../../components/ToastProvider';
import { ApiError } from '../../../lib/api';
import { generateJournalSummary } from '../api/journal-api';
import { JOURNAL_NS } from '../journal-i18n';
import { parseSummary } from '../summary-html';

/** The generated summary and its generation; `unsaved` until it is copied or downloaded. */
export function useJournalSummary() {
  const { t } = useTranslation(JOURNAL_NS);
  const toast = useToast();
  const [summary, setSummary] = useState('');
  const [processing, setProcessing] = useState(false);
  // Copied or downloaded since it was generated: the summary exists only on this page.
  const [saved, setSaved] = useState(false);
  const headingRef = useRef<HTMLDivElement>(null);
  const nodes = useMemo(() => parseSummary(summary), [summary]);

  const generate = async (transcriptionText: string, language: Language, format: JournalNoteFormat) => {
    // Part 2 §5: ignored when the transcription is blank after trimming.
    if (!transcriptionText.trim() || processing) return;
    setProcessing(true);
    try {
      const response = await generateJournalSummary({ transcriptionText, language, format });
      setSummary(response.summary);
      setSaved(false);
      requestAnimationFrame(() => headingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    } catch (error) {
      console.error('Failed to process text', error);
      toast(error instanceof ApiError && error.status === 429 ? t('errors.rateLimited') : t('errors.process'), 'error');
    } finally {
      setProcessing(false);
    }
  };

  return {
    nodes,
    processing,
    generate,
    headingRef,
    unsaved: summary.trim() !== '' && !saved,
    markSaved: () => setSaved(true),
  };
}
