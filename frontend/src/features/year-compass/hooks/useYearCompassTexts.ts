import { useTranslation } from 'react-i18next';
import { yearCompassYears } from '@clari/contracts';
import { YEAR_COMPASS_NS } from '../year-compass-i18n';

/** The Year Compass texts and the two computed years (DESIGN "Years": never a fixed year). */
export function useYearCompassTexts() {
  const { t, i18n } = useTranslation(YEAR_COMPASS_NS);
  // An index signature lets the years go straight into t() as interpolation values.
  const years: { [key: string]: number; pastYear: number; futureYear: number } = { ...yearCompassYears() };
  return { t, i18n, years };
}
