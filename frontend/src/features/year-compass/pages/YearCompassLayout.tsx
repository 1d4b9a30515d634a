import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../../components/PageSpinner';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../components/auth/AuthProvider';
import type { LoginRedirectState } from '../../../components/auth/ProtectedRoute';
import { YearCompassProvider } from '../hooks/YearCompassProvider';
import { useYearCompassTexts } from '../hooks/useYearCompassTexts';
import { YEAR_COMPASS_NS } from '../year-compass-i18n';

/**
 * /yearcompass/app and below. Visitors see the 'must be logged in' message of part 2 §2 (with
 * a login link that comes back here) instead of a silent redirect; signed-in users share one
 * copy of their Year Compass between the app and its print view.
 */
export default function YearCompassLayout() {
  const { i18n } = useYearCompassTexts();
  const { status } = useAuth();
  // Part 2 §8: without the texts only this shows (they ship with this chunk, so only in theory).
  if (!i18n.exists('title', { ns: YEAR_COMPASS_NS }))
    return <Typography sx={{ p: 4 }}>Loading translations...</Typography>;
  if (status === 'loading') return <PageSpinner />;
  if (status === 'anonymous') return <LoginRequired />;
  return (
    <YearCompassProvider>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </YearCompassProvider>
  );
}

function LoginRequired() {
  const { t } = useYearCompassTexts();
  const location = useLocation();
  const state: LoginRedirectState = { from: `${location.pathname}${location.search}` };
  return (
    <Container maxWidth="sm">
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }} data-testid="login-required">
        <LockOutlined color="primary" sx={{ fontSize: 40, mb: 1 }} aria-hidden="true" />
        <Typography variant="h1" sx={{ fontSize: '1.8rem', mb: 1.5 }}>
          {t('loginRequired.title')}
        </Typography>
        <Typography sx={{ mb: 3 }}>{t('loginRequired.text')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" size="large" component={RouterLink} to={paths.login} state={state}>
            {t('loginRequired.login')}
          </Button>
          <Button variant="outlined" size="large" component={RouterLink} to={paths.signup}>
            {t('loginRequired.signup')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
