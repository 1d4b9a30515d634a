import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api';
import { setLanguage } from '../../lib/i18n';
import { login } from '../../lib/auth-api';
import { useAuth } from './AuthProvider';
import type { LoginRedirectState } from './ProtectedRoute';
import { errorText } from './account-i18n';
import { PasswordField } from './PasswordField';
import { EmailField } from './EmailField';

/** Only paths of this app are followed after login. */
export function safeReturnPath(state: unknown): string {
  const from = (state as Partial<LoginRedirectState> | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith(paths.login)
    ? from
    : paths.home;
}

/** The login form; also embedded by the Value Explorer welcome screen (which stays where it is: redirectTo). */
export function LoginForm({ onSwitchToSignup, redirectTo }: { onSwitchToSignup?: () => void; redirectTo?: string }) {
  const { t } = useTranslation('account');
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // After a verification the address arrives with the navigation (see VerifyEmailPage).
  const [email, setEmail] = useState(() => {
    const given = (location.state as { email?: unknown } | null)?.email;
    return typeof given === 'string' ? given : '';
  });
  const [prefilled] = useState(() => email !== '');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<{ text: string; unverified: boolean } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError({ text: t('common.required'), unverified: false });
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const result = await login(email.trim(), password);
      if (!result.success) throw new ApiError(401, result.error || t('login.failed'), result);
      setLanguage(result.user.language, { saved: true });
      await refresh();
      navigate(redirectTo ?? safeReturnPath(location.state), { replace: true });
    } catch (caught) {
      const unverified =
        caught instanceof ApiError && (caught.body as { code?: string } | undefined)?.code === 'email_not_verified';
      const text =
        caught instanceof ApiError && caught.message === 'Server returned non-JSON response'
          ? t('login.nonJson')
          : errorText(t, caught, t('login.failed'), t('login.error'));
      setError({ text, unverified });
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('login.title')}>
      <Stack spacing={2}>
        {error && (
          <Alert severity="error" role="alert">
            {error.text}
            {error.unverified && (
              <>
                {' '}
                <Link component={RouterLink} to={paths.resendVerification}>
                  {t('login.resendAction')}
                </Link>
              </>
            )}
          </Alert>
        )}
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} autoFocus={!prefilled} />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          autoFocus={prefilled}
        />
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          {submitting ? t('login.submitting') : t('login.submit')}
        </Button>
        <Stack spacing={0.5} sx={{ fontSize: 14 }}>
          <Typography variant="body2">
            {t('login.noAccount')}{' '}
            {onSwitchToSignup ? (
              <Link component="button" type="button" onClick={onSwitchToSignup}>
                {t('login.signupLink')}
              </Link>
            ) : (
              <Link component={RouterLink} to={paths.signup}>
                {t('login.signupLink')}
              </Link>
            )}
          </Typography>
          <Link component={RouterLink} to={paths.forgotPassword} variant="body2">
            {t('login.forgotLink')}
          </Link>
          <Link component={RouterLink} to={paths.resendVerification} variant="body2">
            {t('login.resendLink')}
          </Link>
        </Stack>
      </Stack>
    </form>
  );
}
