import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
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

/** Top navigation for signed-in users (content then padded below it), the page, and a footer. */
export function AppShell({ isSignedInPage }: { isSignedInPage?: (pathname: string) => boolean }) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const { pathname } = useLocation();
  const signedIn = status === 'authenticated';
  const pageLoading = usePageLoading();
  // While the session check runs, the top bar's place is kept on pages for signed-in people
  // (the route table knows them before their chunks arrive), and anywhere for someone who was
  // signed in last time.
  const [expectTopBar] = useState(probablySignedIn);
  const signedInPage = isSignedInPage?.(pathname) ?? false;
  const topBarPlace = signedIn || (status === 'loading' && (expectTopBar || signedInPage));
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
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
        <Box component="main" sx={{ flexGrow: 1, py: { xs: 3, md: 5 } }}>
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
