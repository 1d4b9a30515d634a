import { queryOptions } from '@tanstack/react-query';
import type { PortraitResponse } from '@clari/contracts';
import { apiPaths } from '../config/api-paths';
import { takeLoadedWithPage } from './api';
import { getPortrait } from './profile-api';

/**
 * The signed-in person's portrait, one cache entry for the top bar and the profile pages: an
 * upload stores the answer here, and both show the new picture (its URL carries the version).
 */
export const portraitQuery = queryOptions({
  queryKey: ['profile', 'portrait'] as const,
  queryFn: ({ signal }) => getPortrait(signal),
  // The page's load asks for it on pages for signed-in people (app/router.tsx): the top bar's
  // first render then shows it, rather than rendering again when the answer is handed over.
  initialData: () => takeLoadedWithPage<PortraitResponse>(apiPaths.portrait),
});
