import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { paths } from '../config/paths';
import { useAuth } from '../features/auth/AuthProvider';
import { LanguageToggle } from './LanguageToggle';
import { OnLoadRedirects } from './OnLoadRedirects';
import { PageSpinner } from './PageSpinner';

// Visitors never need the navigation bar and its menu, so it loads only once someone signs in.
const TopNav = lazy(() => import('./TopNav'));

/** Top navigation for signed-in users (content then padded below it), the page, and a footer. */
export function AppShell() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <OnLoadRedirects />
      {signedIn && (
        <Suspense fallback={null}>
          <TopNav />
        </Suspense>
      )}
      {signedIn && <Toolbar />}
      <Box component="main" sx={{ flexGrow: 1, py: { xs: 3, md: 5 } }}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 2, bgcolor: 'background.paper' }}>
        <Container sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'center', fontSize: 14 }}>
          <Link component={RouterLink} to={paths.terms}>{t('footer.terms')}</Link>
          <Link component={RouterLink} to={paths.privacy}>{t('footer.privacy')}</Link>
          <Link component={RouterLink} to={paths.faq}>{t('footer.faq')}</Link>
          <LanguageToggle />
        </Container>
      </Box>
    </Box>
  );
}
