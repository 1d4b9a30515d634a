import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '../../../components/PageSpinner';
import { paths } from '../../../config/paths';
import { usePublicConfig } from '../../../lib/public-config';
import '../../../components/auth/account-i18n';
import { useAuth } from '../../../components/auth/AuthProvider';
import { LoginForm } from '../../../components/auth/LoginForm';
import { SignupForm } from '../../../components/auth/SignupForm';
import { VALUE_EXPLORER_NS } from '../value-explorer-i18n';
import { valueExplorerPaths } from '../value-explorer-paths';

/** /valueexplorer: the welcome; visitors get a login form with a switch to signup. */
export default function WelcomePage() {
  const { t } = useTranslation(VALUE_EXPLORER_NS);
  const { status } = useAuth();
  const { contactEmail } = usePublicConfig();
  const [form, setForm] = useState<'login' | 'signup'>('login');
  if (status === 'loading') return <PageSpinner />;
  const steps = t('welcome.steps', { returnObjects: true }) as string[];

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Stack spacing={3}>
        <Typography variant="h1">{t('welcome.title')}</Typography>
        <Typography sx={{ fontSize: '1.1rem' }}>{t('welcome.intro')}</Typography>
        <Box component="ol" sx={{ pl: 3, m: 0, display: 'grid', gap: 0.5 }}>
          {steps.map((step) => (
            <li key={step}>
              <Typography>{step}</Typography>
            </li>
          ))}
        </Box>
        {status === 'authenticated' ? (
          <Box>
            <Button component={RouterLink} to={valueExplorerPaths.areas} variant="contained" size="large">
              {t('welcome.start')}
            </Button>
          </Box>
        ) : (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography sx={{ mb: 2 }}>{t('welcome.visitor')}</Typography>
            {form === 'login' ? (
              <LoginForm redirectTo={paths.valueExplorer} onSwitchToSignup={() => setForm('signup')} />
            ) : (
              <SignupForm onSwitchToLogin={() => setForm('login')} />
            )}
          </Paper>
        )}
        <Typography color="text.secondary">
          {t('welcome.feedback')} <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>.
        </Typography>
      </Stack>
    </Container>
  );
}
