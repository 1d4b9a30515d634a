import { paths } from '../../config/paths';

export const yearCompassPaths = {
  landing: paths.yearCompass,
  app: paths.yearCompassApp,
  /** The whole Year Compass as one print-friendly page (the browser prints it to PDF). */
  print: `${paths.yearCompassApp}/print`,
} as const;
