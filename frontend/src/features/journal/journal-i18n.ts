import enJournal from '@locales/en/journal.json';
import svJournal from '@locales/sv/journal.json';
import { registerNamespace } from '../../lib/i18n';

/** The Journal's texts travel with its lazily loaded page. */
export const JOURNAL_NS = 'journal';

registerNamespace(JOURNAL_NS, enJournal, svJournal);
