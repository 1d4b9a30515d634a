/**
 * API reads a page makes as soon as it renders, which the first load also starts early
 * (lib/early-requests.ts): one name for the request and its early start.
 */
export const apiPaths = {
  publicConfig: '/api/config',
  portrait: '/api/profile/portrait',
  valueExplorerData: '/api/value-explorer/data',
  /** One reflection with its takeaways (part 2 §7: Reflect's calls have no /api prefix). */
  reflection: (id: string) => `/reflect/reflections/${encodeURIComponent(id)}`,
} as const;
