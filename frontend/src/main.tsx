import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setLanguage } from './lib/i18n';
import { App } from './app/App';
import { preloadPagesFor } from './app/router';
import { firstSessionAnswer, startSessionCheck } from './lib/auth-api';
import { settledOrAfter } from './lib/first-render';
import { requestEarly } from './lib/early-requests';
import { apiPaths } from './config/api-paths';

/**
 * How long the first render waits for the session and the page's chunks. They load while the
 * app's own code does, so the wait is usually over before it starts; on a slow network the
 * page's loading state shows after this.
 */
const FIRST_RENDER_WAIT_MS = 2500;

const root = document.getElementById('root');
if (!root) {
  console.error('Missing #root element');
} else {
  // The page paints once, complete: rendering before the session, the page's chunks and its
  // data have come would paint a spinner, then render the whole tree again for each that arrives.
  // The public settings (footer, voice input) are read on every page.
  void requestEarly(apiPaths.publicConfig);
  const waits = [startSessionCheck(), preloadPagesFor(window.location.pathname)];
  void settledOrAfter(waits, FIRST_RENDER_WAIT_MS).then(() => {
    // The profile's language before the first render, so the page is not rendered twice.
    const answer = firstSessionAnswer();
    if (answer?.authenticated && answer.user) setLanguage(answer.user.language, { saved: true });
    const reactRoot = createRoot(root);
    // In a transition, React renders the tree in slices of a few milliseconds, yielding between
    // them, instead of one long task that would hold a phone's main thread (measured:
    // Lighthouse's total blocking time on /yearcompass 360–550 → 150–220 ms). The page's chunks
    // have usually come by then, so nothing suspends and nothing waits for a reveal.
    startTransition(() =>
      reactRoot.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  });
}
