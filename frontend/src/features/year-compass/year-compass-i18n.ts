import enYearCompass from '@locales/en/year-compass-ui.json';
import svYearCompass from '@locales/sv/year-compass-ui.json';
import { registerNamespace } from '../../lib/i18n';

/**
 * The SPA's own Year Compass texts. The sections' texts (titles, instructions, box titles and
 * questions) come from the API, which reads locales/{en,sv}/year-compass.json; that file is not
 * bundled into the SPA.
 */
export const YEAR_COMPASS_NS = 'year-compass-ui';

registerNamespace(YEAR_COMPASS_NS, enYearCompass, svYearCompass);
