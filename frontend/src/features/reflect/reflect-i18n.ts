import enReflect from '@locales/en/reflect.json';
import svReflect from '@locales/sv/reflect.json';
import enValueExplorer from '@locales/en/value-explorer.json';
import svValueExplorer from '@locales/sv/value-explorer.json';
import { registerNamespace } from '../../lib/i18n';

/** Reflect's texts, loaded with its lazily loaded pages. */
export const REFLECT_NS = 'reflect';
/**
 * Life-area names live in the Value Explorer's namespace (`areas.<id>.name`, the one
 * translation of them that the server reads too). Registering it from the shared locale
 * files keeps Reflect free of imports from the Value Explorer's code; registering twice is a no-op.
 */
export const LIFE_AREA_NS = 'value-explorer';

registerNamespace(REFLECT_NS, enReflect, svReflect);
registerNamespace(LIFE_AREA_NS, enValueExplorer, svValueExplorer);
