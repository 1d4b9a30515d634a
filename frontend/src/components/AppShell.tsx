import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { FOCUS_RING } from '../lib/focus-ring';
import { lazyPage } from '../lib/lazy-page';
import { useAuth } from './auth/AuthProvider';
import { probablySignedIn } from './auth/signed-in-hint';
import { LanguageToggle } from './LanguageToggle';
import { OnLoadRedirects } from './OnLoadRedirects';
import { usePageLoading } from './page-loading';
import { PageSpinner } from './PageSpinner';

// Visitors never need the navigation bar and its menu, so it loads only once someone signs in,
// or at once for someone signed in (the router's signedInShell).
export const TopNav = lazyPage(() => import('./TopNav'));

/** Pages a visitor reaches from the landing page or an e-mail, which need a way back home. */
const VISITOR_PAGES: readonly string[] = [
  paths.terms,
  paths.privacy,
  paths.faq,
  paths.login,
  paths.signup,
  paths.verifyEmail,
  paths.resendVerification,
  paths.forgotPassword,
  paths.resetPassword,
];

/** A visitor's slim header: the name, leading home. */
function VisitorHeader() {
  const { t } = useTranslation();
  return (
    <Box
      component="header"
      sx={{ position: 'relative', borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      data-testid="visitor-header"
    >
      <Container sx={{ py: 1.5 }}>
        <Link
          component={RouterLink}
          to={paths.home}
          underline="hover"
          sx={{ fontWeight: 700, fontSize: '1.25rem', color: 'text.primary' }}
        >
          Clari
          {/* Said to screen readers after the name ("Clari – home page"), so the link's purpose is clear. */}
          <Box
            component="span"
            sx={{
              position: 'absolute',
              width: '1px',
              height: '1px',
              overflow: 'hidden',
              clip: 'rect(0 0 0 0)',
              whiteSpace: 'nowrap',
            }}
          >
            {` – ${t('visitorHome')}`}
          </Box>
        </Link>
      </Container>
    </Box>
  );
}

const MAIN_ID = 'main';

/** The first stop of the Tab key: past the top bar, straight to the page. Shown only when focused. */
function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      sx={{
        position: 'fixed',
        left: 8,
        top: -64,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        fontWeight: 600,
        '&:focus': { top: 8, ...FOCUS_RING },
      }}
    >
      {t('common.skipToContent')}
    </Box>
  );
}

/** How long a new page may take to show its heading before focus stays where it is. */
const HEADING_WAIT_MS = 3000;

/**
 * After a navigation inside the app, focus moves to the new page's heading, so that a keyboard
 * or screen-reader user starts reading there instead of at the top of the document. A page
 * that put the focus in itself (a chat's message box) keeps it; the first page of a visit is
 * left as the browser opened it.
 */
function useFocusOnNavigation(pathname: string) {
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const first = previous.current === null;
    previous.current = pathname;
    if (first) return;
    const started = performance.now();
    let frame = 0;
    const focusHeading = () => {
      const main = document.getElementById(MAIN_ID);
      const active = document.activeElement;
      if (!main || (active && active !== main && main.contains(active))) return;
      const heading = main.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      } else if (performance.now() - started < HEADING_WAIT_MS) frame = requestAnimationFrame(focusHeading);
    };
    frame = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}

/** Top navigation for signed-in users (content then padded below it), the page, and a footer. */
export function AppShell({ isSignedInPage }: { isSignedInPage?: (pathname: string) => boolean }) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const { pathname } = useLocation();
  const signedIn = status === 'authenticated';
  const pageLoading = usePageLoading();
  useFocusOnNavigation(pathname);
  // While the session check runs, the top bar's place is kept on pages for signed-in people
  // (the route table knows them before their chunks arrive), and anywhere for someone who was
  // signed in last time.
  const [expectTopBar] = useState(probablySignedIn);
  const signedInPage = isSignedInPage?.(pathname) ?? false;
  const topBarPlace = signedIn || (status === 'loading' && (expectTopBar || signedInPage));
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <OnLoadRedirects />
      {signedIn && (
        <Suspense fallback={null}>
          <TopNav />
        </Suspense>
      )}
      {topBarPlace && <Toolbar />}
      {status === 'anonymous' && VISITOR_PAGES.includes(pathname) && <VisitorHeader />}
      {/* The footer comes with the page, not before it or under its spinner: it would be pushed down (a layout shift). */}
      <Suspense
        fallback={
          <Box component="main" sx={{ flexGrow: 1, py: { xs: 3, md: 5 } }}>
            <PageSpinner />
          </Box>
        }
      >
        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          // The heading and the main region are focused to say where the person is, not to be acted on.
          sx={{ flexGrow: 1, py: { xs: 3, md: 5 }, '&:focus, & h1:focus': { outline: 'none' } }}
        >
          <Outlet />
        </Box>
        {!pageLoading && (
          <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 2, bgcolor: 'background.paper' }}>
            <Container
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 2,
                alignItems: 'center',
                justifyContent: 'center',
                fontSize: 14,
              }}
            >
              <Link component={RouterLink} to={paths.terms}>
                {t('footer.terms')}
              </Link>
              <Link component={RouterLink} to={paths.privacy}>
                {t('footer.privacy')}
              </Link>
              <Link component={RouterLink} to={paths.faq}>
                {t('footer.faq')}
              </Link>
              <LanguageToggle />
            </Container>
          </Box>
        )}
      </Suspense>
    </Box>
  );
}
