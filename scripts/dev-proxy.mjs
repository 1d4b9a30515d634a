// The Vite dev server's proxy to the API (frontend/vite.config.mts): every path prefix the API
// document lists. Some prefixes are pages of the SPA as well (/reflect): a browser navigating
// there (it asks for HTML) gets Vite's page, a fetch gets the API. The API's port is PORT, as
// the API reads it (default 3000).

/** The first path segment of every operation in docs/openapi.json. */
export const API_PREFIXES = ['/api', '/conversation-to-journal', '/reflect', '/transcribe'];

export function devProxy(env = process.env) {
  const target = `http://localhost:${env.PORT ?? 3000}`;
  return Object.fromEntries(
    API_PREFIXES.map((prefix) => [
      prefix,
      {
        target,
        // A page load goes to Vite; only requests for data reach the API.
        bypass: (req) => (req.headers.accept?.includes('text/html') ? req.url : undefined),
      },
    ]),
  );
}
