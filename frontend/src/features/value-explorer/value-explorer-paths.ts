import { paths } from '../../config/paths';

export const valueExplorerPaths = {
  welcome: paths.valueExplorer,
  areas: `${paths.valueExplorer}/areas`,
  edit: `${paths.valueExplorer}/edit`,
  summary: `${paths.valueExplorer}/summary`,
} as const;
