import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ACCOUNT_LIMITS, LANGUAGES, TIMING, type Language, type ProfileResponse } from '@clari/contracts';
import { PageSpinner } from '../../components/PageSpinner';
import { useToast } from '../../components/ToastProvider';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api';
import { setLanguage } from '../../lib/i18n';
import { errorText } from '../../components/auth/account-i18n';
import { useAuth } from '../../components/auth/AuthProvider';
import { PasswordField } from '../../components/auth/PasswordField';
import { changePassword, deleteAccount, EXPORT_URL, getPortrait, getProfile, updateProfile } from '../../lib/profile-api';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2.5, sm: 3.5 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function ProfileForm({ profile, onSaved }: { profile: ProfileResponse; onSaved: (p: ProfileResponse) => void }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const [email, setEmail] = useState(profile.email);
  const [fullName, setFullName] = useState(profile.full_name);
  const [language, setLang] = useState<Language>(profile.language);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !fullName.trim()) {
      setError(t('common.required'));
      return;
    }
    setSaving(true);
    setError('');
    try {
      const result = await updateProfile({ email: email.trim(), fullName: fullName.trim(), language });
      setLanguage(result.profile.language, { saved: true });
      onSaved(result.profile);
      setEmail(result.profile.email);
      // In the language just saved: the page switches to it as the toast appears.
      const lng = result.profile.language;
      toast(result.emailChangePending ? t('profile.emailPending', { email: result.profile.pending_email, lng }) : t('profile.updated', { lng }), 'success');
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status === 401 ? t('profile.updateUnauthorized') : errorText(t, caught, t('profile.updateFailed'), t('common.networkError')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('profile.details')}>
      <Stack spacing={2}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {profile.pending_email && <Alert severity="info">{t('profile.emailPending', { email: profile.pending_email })}</Alert>}
        <TextField label={t('fields.email')} type="email" value={email} onChange={(e) => setEmail(e.target.value)} required fullWidth slotProps={{ htmlInput: { maxLength: ACCOUNT_LIMITS.emailMax } }} />
        <TextField label={t('fields.fullName')} value={fullName} onChange={(e) => setFullName(e.target.value)} required fullWidth slotProps={{ htmlInput: { maxLength: ACCOUNT_LIMITS.fullNameMax } }} />
        <FormControl fullWidth>
          <InputLabel id="profile-language">{t('fields.language')}</InputLabel>
          <Select labelId="profile-language" label={t('fields.language')} value={language} onChange={(e) => setLang(e.target.value as Language)}>
            {LANGUAGES.map((code) => (
              <MenuItem key={code} value={code} lang={code}>
                {t(`languages.${code}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Box>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? t('profile.saving') : t('profile.save')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

function PasswordForm() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const mismatch = confirm.length > 0 && next !== confirm;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current || !next || !confirm) {
      setError(t('common.required'));
      return;
    }
    if (next !== confirm) {
      setError(t('profile.passwordsDoNotMatch'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await changePassword({ currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setConfirm('');
      toast(t('profile.passwordChanged'), 'success');
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status === 401 ? t('common.unauthorized') : errorText(t, caught, t('profile.passwordFailed'), t('profile.passwordFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('profile.password')}>
      <Stack spacing={2}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <PasswordField label={t('fields.currentPassword')} autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} required />
        <PasswordField label={t('fields.newPassword')} autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} required helperText={t('common.passwordHint')} />
        <PasswordField
          label={t('fields.confirmNewPassword')}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          required
          error={mismatch}
          helperText={mismatch ? t('profile.passwordsDoNotMatch') : ' '}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('profile.changingPassword') : t('profile.changePassword')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

function DeleteAccount() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const { signOutAndLeave } = useAuth();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<'idle' | 'deleting' | 'deleted'>('idle');

  const confirmDelete = async () => {
    setState('deleting');
    try {
      await deleteAccount();
      setOpen(false);
      setState('deleted');
      toast(t('profile.deleted'), 'success');
      // part 1 §2: after 3 s the user is logged out and sent to /.
      setTimeout(() => void signOutAndLeave(paths.home), TIMING.redirectAfterDeleteMs);
    } catch {
      setState('idle');
      setOpen(false);
      toast(t('profile.deleteFailed'), 'error');
    }
  };

  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('profile.deleteText')}</Typography>
      {state === 'deleted' && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {t('profile.deleted')}
        </Alert>
      )}
      <Button variant="outlined" color="error" onClick={() => setOpen(true)} disabled={state !== 'idle'}>
        {t('profile.deleteButton')}
      </Button>
      <Dialog open={open} onClose={() => state === 'idle' && setOpen(false)} aria-labelledby="delete-title" aria-describedby="delete-text">
        <DialogTitle id="delete-title">{t('profile.deleteConfirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-text">{t('profile.deleteConfirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={state === 'deleting'} autoFocus>
            {t('common.cancel', { ns: 'common' })}
          </Button>
          <Button color="error" variant="contained" onClick={() => void confirmDelete()} disabled={state === 'deleting'}>
            {state === 'deleting' ? t('profile.deleting') : t('profile.deleteConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation('account');
  const { refresh } = useAuth();
  const [profile, setProfile] = useState<ProfileResponse | null>(null);
  const [portraitUrl, setPortraitUrl] = useState<string | null>(null);
  const [loadError, setLoadError] = useState('');

  useEffect(() => {
    document.title = `${t('profile.title')} · Clari`;
  }, [t]);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([getProfile(controller.signal), getPortrait(controller.signal)])
      .then(([loaded, portrait]) => {
        setProfile(loaded);
        setPortraitUrl(portrait.url);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoadError(error instanceof ApiError && error.status === 401 ? t('profile.loadUnauthorized') : error instanceof ApiError ? error.message : t('common.networkError'));
      });
    return () => controller.abort();
  }, [t]);

  return (
    <Container maxWidth="md">
      <Button component={RouterLink} to={paths.valueExplorer} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        {t('profile.back')}
      </Button>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t('profile.title')}
      </Typography>
      {loadError && <Alert severity="error">{loadError}</Alert>}
      {!profile && !loadError && <PageSpinner />}
      {profile && (
        <Stack spacing={3}>
          <Section title={t('profile.details')}>
            <ProfileForm
              profile={profile}
              onSaved={(saved) => {
                setProfile(saved);
                void refresh();
              }}
            />
          </Section>
          <Section title={t('profile.portrait')}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Avatar src={portraitUrl ?? undefined} alt={profile.full_name} sx={{ width: 64, height: 64 }} />
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
