import enSafety from '@locales/en/safety.json';
import svSafety from '@locales/sv/safety.json';
import { registerNamespace } from '../../lib/i18n';

/** Clari's safety texts (the help card); they travel with the chat panel's chunk. */
export const SAFETY_NS = 'safety';

registerNamespace(SAFETY_NS, enSafety, svSafety);
