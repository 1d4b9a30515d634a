import { queryOptions } from '@tanstack/react-query';
import { getPortrait } from './profile-api';

/**
 * The signed-in person's portrait, one cache entry for the top bar and the profile pages: an
 * upload stores the answer here, and both show the new picture (its URL carries the version).
 */
export const portraitQuery = queryOptions({
  queryKey: ['profile', 'portrait'] as const,
  queryFn: ({ signal }) => getPortrait(signal),
});
