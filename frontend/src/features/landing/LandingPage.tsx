import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import ExploreOutlined from '@mui/icons-material/ExploreOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PsychologyOutlined from '@mui/icons-material/PsychologyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { LanguageToggle } from '../../components/LanguageToggle';
import { unknownAddressIn } from '../../components/UnknownAddress';
import { paths } from '../../config/paths';
import { usePublicConfig } from '../../lib/public-config';
import { useAuth } from '../../components/auth/AuthProvider';

interface ToolCardProps {
  to: string;
  icon: ReactNode;
  title: string;
  description: string;
  active: boolean;
  testId: string;
}

/** A tool card; its link works only for signed-in users (part 2 "Landing page"). */
function ToolCard({ to, icon, title, description, active, testId }: ToolCardProps) {
  const body = (
    <CardContent sx={{ height: '100%' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
          {icon}
        </Box>
        <Typography variant="h3" component="h2">
          {title}
        </Typography>
      </Stack>
      <Typography color="text.secondary">{description}</Typography>
    </CardContent>
  );
  return (
    <Card data-testid={testId} data-active={active} sx={{ height: '100%', opacity: active ? 1 : 0.92 }}>
      {active ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', alignItems: 'flex-start' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

function JournalClinicianOnlyCard() {
  const { t } = useTranslation();
  const { contactEmail } = usePublicConfig();
  const mailto = `mailto:${contactEmail}?subject=${encodeURIComponent(t('landing.journalOnly.mailSubject'))}`;
  return (
    <Card data-testid="card-journal-clinician-only" sx={{ height: '100%', bgcolor: 'grey.50' }}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <Box sx={{ color: 'text.secondary', display: 'flex' }} aria-hidden>
            <LockOutlined />
          </Box>
          <Typography variant="h3" component="h2">
            {t('landing.journalOnly.title')}
          </Typography>
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          {t('landing.journalOnly.description')}
        </Typography>
        <Link href={mailto}>{t('landing.journalOnly.contact')}</Link>
      </CardContent>
    </Card>
  );
}

/** The first of a full name's words ("Anna Lindqvist" → "Anna"), for a friendly greeting. */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] || fullName;
}

export default function LandingPage() {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const signedIn = status === 'authenticated';
  const showJournalCard = !signedIn || user?.is_clinician === true;
  const notFound = unknownAddressIn(useLocation().state);

  return (
    <Container maxWidth="lg">
      {notFound && (
        // Paper and Typography rather than MUI's Alert: they are in the first load already, Alert's icons are not.
        <Paper
          variant="outlined"
          role="status"
          data-testid="not-found"
          sx={{ p: 2, mb: 3, bgcolor: 'background.paper' }}
        >
          <Typography sx={{ fontWeight: 700, mb: 0.5 }}>{t('notFound.title')}</Typography>
          <Typography color="text.secondary">{t('notFound.text', { address: notFound })}</Typography>
        </Paper>
      )}
      {!signedIn && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <LanguageToggle />
        </Box>
      )}
      <Box component="header" sx={{ textAlign: 'center', maxWidth: 760, mx: 'auto', mb: 5 }}>
        <Typography variant="h1" sx={{ mb: 2 }}>
          {signedIn && user ? t('landing.welcomeBack', { name: firstName(user.full_name) }) : t('landing.welcome')}
        </Typography>
        <Typography variant="h5" component="p" color="text.secondary" sx={{ mb: 3, fontWeight: 400 }}>
          {t('landing.subtitle')}
        </Typography>
        <Typography>{t('landing.toolsIntro')}</Typography>
      </Box>

      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}
      >
        <ToolCard
          testId="card-valueexplorer"
          to={paths.valueExplorer}
          icon={<ExploreOutlined />}
          title={t('apps.valueExplorer')}
          description={t('landing.cards.valueExplorer')}
          active={signedIn}
        />
        <ToolCard
          testId="card-reflect"
          to={paths.reflect}
          icon={<PsychologyOutlined />}
          title={t('apps.reflect')}
          description={t('landing.cards.reflect')}
          active={signedIn}
        />
        <ToolCard
          testId="card-yearcompass"
          to={paths.yearCompassApp}
          icon={<CalendarMonthOutlined />}
          title={t('apps.yearCompass')}
          description={t('landing.cards.yearCompass')}
          active={signedIn}
        />
        {showJournalCard ? (
          <ToolCard
            testId="card-journal"
            to={paths.journal}
            icon={<MenuBookOutlined />}
            title={t('apps.journal')}
            description={t('landing.cards.journal')}
            active={signedIn}
          />
        ) : (
          <JournalClinicianOnlyCard />
        )}
      </Box>

      {status === 'anonymous' && (
        <Paper variant="outlined" sx={{ mt: 5, p: { xs: 3, md: 4 }, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            {t('landing.visitor.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('landing.visitor.instructions')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <Button variant="contained" size="large" component={RouterLink} to={paths.signup}>
              {t('landing.visitor.signup')}
            </Button>
            <Button variant="outlined" size="large" component={RouterLink} to={paths.login}>
              {t('landing.visitor.login')}
            </Button>
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
