import enDrafts from '@locales/en/drafts.json';
import svDrafts from '@locales/sv/drafts.json';
import { registerNamespace } from '../../lib/i18n';

/** The texts of autosaving editors (their save state, a draft offered after a reload); loaded with the pages that edit. */
export const DRAFTS_NS = 'drafts';

registerNamespace(DRAFTS_NS, enDrafts, svDrafts);
