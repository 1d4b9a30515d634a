import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import BackLink from '../../components/BackLink';
import { PageSpinner } from '../../components/PageSpinner';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api';
import { EXPORT_URL } from '../../lib/profile-api';
import { usePortrait, useProfile } from './api/profile-queries';
import { DeleteAccount } from './components/DeleteAccount';
import { PasswordForm } from './components/PasswordForm';
import { ProfileForm } from './components/ProfileForm';
import { ProfileSection as Section } from './components/ProfileSection';

export default function ProfilePage() {
  const { t } = useTranslation('account');
  const profileQuery = useProfile();
  const portraitQuery = usePortrait();
  const profile = profileQuery.data;
  const portrait = portraitQuery.data;

  useEffect(() => {
    document.title = `${t('profile.title')} · Clari`;
  }, [t]);

  // The page needs both; either failing is the page failing (a later background check that fails keeps what is shown).
  const failure = (!profile && profileQuery.error) || (!portrait && portraitQuery.error) || null;
  const loadError = failure
    ? failure instanceof ApiError && failure.status === 401
      ? t('profile.loadUnauthorized')
      : failure instanceof ApiError
        ? failure.message
        : t('common.networkError')
    : '';
  const retry = () => {
    if (profileQuery.isError) void profileQuery.refetch();
    if (portraitQuery.isError) void portraitQuery.refetch();
  };

  return (
    <Container maxWidth="md">
      {/* Back where the person came from; opened directly, to the Value Explorer (part 1 §2). */}
      <BackLink fallback={paths.valueExplorer}>{t('profile.back')}</BackLink>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t('profile.title')}
      </Typography>
      {loadError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              {t('profile.retry')}
            </Button>
          }
        >
          {loadError}
        </Alert>
      )}
      {(!profile || !portrait) && !loadError && <PageSpinner />}
      {profile && portrait && !loadError && (
        <Stack spacing={3}>
          <Section title={t('profile.details')}>
            <ProfileForm profile={profile} />
          </Section>
          <Section title={t('profile.portrait')}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Avatar src={portrait.url ?? undefined} alt={profile.full_name} sx={{ width: 64, height: 64 }} />
              <Link component={RouterLink} to={paths.portrait}>
                {t('profile.portraitLink')}
              </Link>
            </Stack>
          </Section>
          <Section title={t('profile.password')}>
            <PasswordForm />
          </Section>
          <Section title={t('profile.data')}>
            <Typography sx={{ mb: 2 }}>{t('profile.dataText')}</Typography>
            <Button variant="outlined" component="a" href={EXPORT_URL} download data-testid="export-data">
              {t('profile.export')}
            </Button>
          </Section>
          <Section title={t('profile.delete')}>
            <DeleteAccount />
          </Section>
          <Section title={t('profile.legal')}>
            <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="profile-legal">
              {(['terms', 'privacy', 'faq'] as const).map((page) => (
                <li key={page}>
                  <Link component={RouterLink} to={paths[page]}>
                    {t(`footer.${page}`, { ns: 'common' })}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {t(`profile.legalAbout.${page}`)}
                  </Typography>
                </li>
              ))}
            </Stack>
          </Section>
        </Stack>
      )}
    </Container>
  );
}
