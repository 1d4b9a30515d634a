import enValueExplorer from '@locales/en/value-explorer.json';
import svValueExplorer from '@locales/sv/value-explorer.json';
import { registerNamespace } from '../../lib/i18n';

/** Area, value and obstacle names and the Value Explorer's texts (the server reads the same files). */
export const VALUE_EXPLORER_NS = 'value-explorer';

registerNamespace(VALUE_EXPLORER_NS, enValueExplorer, svValueExplorer);
