import { useState } from 'react';
import { JOURNAL_NOTE_FORMATS, type JournalNoteFormat } from '@clari/contracts';

/** The clinician's last chosen note format is remembered in this browser. */
const FORMAT_STORAGE_KEY = 'clari.journal.format';

function storedFormat(): JournalNoteFormat {
  try {
    const saved = localStorage.getItem(FORMAT_STORAGE_KEY);
    return (JOURNAL_NOTE_FORMATS as readonly string[]).includes(saved ?? '')
      ? (saved as JournalNoteFormat)
      : 'structured';
  } catch {
    return 'structured';
  }
}

/** The note format the summary is generated in, and a way to choose (and remember) another. */
export function useNoteFormat(): [JournalNoteFormat, (next: JournalNoteFormat) => void] {
  const [format, setFormat] = useState<JournalNoteFormat>(storedFormat);
  const chooseFormat = (next: JournalNoteFormat) => {
    setFormat(next);
    try {
      localStorage.setItem(FORMAT_STORAGE_KEY, next);
    } catch {
      // Private windows may refuse storage; the choice then lasts for this visit.
    }
  };
  return [format, chooseFormat];
}
