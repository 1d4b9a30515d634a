import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CelebrationOutlined from '@mui/icons-material/CelebrationOutlined';
import ExploreOutlined from '@mui/icons-material/ExploreOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SpaOutlined from '@mui/icons-material/SpaOutlined';
import WbTwilightOutlined from '@mui/icons-material/WbTwilightOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LanguageToggle } from '../../../components/LanguageToggle';
import { PageSpinner } from '../../../components/PageSpinner';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../components/auth/AuthProvider';
import type { LoginRedirectState } from '../../../components/auth/ProtectedRoute';
import { useYearCompassTexts } from '../hooks/useYearCompassTexts';
import { yearCompassPaths } from '../year-compass-paths';

const PAST_FEATURES: Array<{ key: string; icon: ReactNode }> = [
  { key: 'calendar', icon: <CalendarMonthOutlined /> },
  { key: 'moments', icon: <CelebrationOutlined /> },
  { key: 'lessons', icon: <SchoolOutlined /> },
  { key: 'letGo', icon: <SpaOutlined /> },
];

const FUTURE_FEATURES: Array<{ key: string; icon: ReactNode }> = [
  { key: 'dreams', icon: <WbTwilightOutlined /> },
  { key: 'habits', icon: <AutoAwesomeOutlined /> },
  { key: 'promise', icon: <HandshakeOutlined /> },
];

const INFO_ITEMS = ['time', 'clari', 'pictures', 'export'] as const;

function Feature({ icon, title, text, testId }: { icon: ReactNode; title: string; text: string; testId: string }) {
  return (
    <Card data-testid={testId} sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ color: 'primary.main', display: 'flex', mb: 1 }} aria-hidden="true">
          {icon}
        </Box>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', mb: 0.75 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {text}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * /yearcompass (public, part 2 §2): a hero, the beta notice, four past-year and three
 * future-year features, an info box, the start button (the app when signed in, else /login)
 * and, for visitors, a signup link. The years are computed (DESIGN "Years").
 */
export default function YearCompassLandingPage() {
  const { t, years } = useYearCompassTexts();
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  const signedIn = status === 'authenticated';
  // After logging in, the visitor lands in the app they wanted to start.
  const loginState: LoginRedirectState = { from: yearCompassPaths.app };

  return (
    <Container maxWidth="lg">
      {!signedIn && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <LanguageToggle />
        </Box>
      )}
      <Box
        component="header"
        sx={{
          textAlign: 'center',
          maxWidth: 820,
          mx: 'auto',
          mb: 4,
          px: { xs: 0, sm: 2 },
          py: { xs: 2, md: 4 },
          borderRadius: 4,
          background: 'linear-gradient(160deg, #e7f1ef 0%, #fbf3e6 100%)',
        }}
        data-testid="yc-hero"
      >
        <ExploreOutlined color="primary" sx={{ fontSize: 48 }} aria-hidden="true" />
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'center', mt: 1, mb: 1.5 }}>
          <Typography variant="h1">{t('title')}</Typography>
          <Chip label={t('beta')} size="small" color="secondary" />
        </Stack>
        <Typography variant="h5" component="p" sx={{ fontWeight: 400, mb: 2, px: 2 }}>
          {t('landing.subtitle', years)}
        </Typography>
        <Typography color="text.secondary" sx={{ px: 2 }}>
          {t('landing.intro')}
        </Typography>
      </Box>

      <Alert severity="info" sx={{ maxWidth: 820, mx: 'auto', mb: 5 }} data-testid="yc-beta">
        {t('landing.betaNotice')}
      </Alert>

      <Box component="section" aria-labelledby="yc-past" sx={{ mb: 5 }}>
        <Typography id="yc-past" variant="h2" sx={{ mb: 0.5 }}>
          {t('landing.pastTitle', years)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('landing.pastIntro')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          }}
          data-testid="yc-past-grid"
        >
          {PAST_FEATURES.map(({ key, icon }) => (
            <Feature
              key={key}
              testId={`yc-past-${key}`}
              icon={icon}
              title={t(`landing.past.${key}.title`)}
              text={t(`landing.past.${key}.text`, years)}
            />
          ))}
        </Box>
      </Box>

      <Box component="section" aria-labelledby="yc-future" sx={{ mb: 5 }}>
        <Typography id="yc-future" variant="h2" sx={{ mb: 0.5 }}>
          {t('landing.futureTitle', years)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('landing.futureIntro')}
        </Typography>
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
          data-testid="yc-future-grid"
        >
          {FUTURE_FEATURES.map(({ key, icon }) => (
            <Feature
              key={key}
              testId={`yc-future-${key}`}
              icon={icon}
              title={t(`landing.future.${key}.title`)}
              text={t(`landing.future.${key}.text`, years)}
            />
          ))}
        </Box>
      </Box>

      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="yc-info"
        sx={{ p: { xs: 2.5, md: 3.5 }, mb: 5, bgcolor: '#f3f8f7' }}
        data-testid="yc-info"
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
          <InfoOutlined color="primary" aria-hidden="true" />
          <Typography id="yc-info" variant="h3" component="h2">
            {t('landing.infoTitle')}
          </Typography>
        </Stack>
        <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
          {INFO_ITEMS.map((item) => (
            <li key={item}>
              <Typography>{t(`landing.info.${item}`)}</Typography>
            </li>
          ))}
        </Box>
      </Paper>

      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', mb: 2 }}>
        {signedIn ? (
          <Button
            variant="contained"
            size="large"
            component={RouterLink}
            to={yearCompassPaths.app}
            data-testid="yc-start"
          >
            {t('landing.start')}
          </Button>
        ) : (
          <>
            <Typography color="text.secondary">{t('landing.visitorHint')}</Typography>
            <Button
              variant="contained"
              size="large"
              component={RouterLink}
              to={paths.login}
              state={loginState}
              data-testid="yc-start"
            >
              {t('landing.start')}
            </Button>
            <Typography>
              {t('landing.signupPrompt')}{' '}
              <Link component={RouterLink} to={paths.signup} data-testid="yc-signup">
                {t('landing.signup')}
              </Link>
            </Typography>
          </>
        )}
      </Stack>
    </Container>
  );
}
