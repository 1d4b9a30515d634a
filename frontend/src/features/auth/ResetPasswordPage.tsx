import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { confirmPasswordReset } from '../../lib/auth-api';
import { AccountLayout } from '../../components/auth/AccountLayout';
import { errorText } from '../../components/auth/account-i18n';
import { PasswordField } from '../../components/auth/PasswordField';

/** The page a reset e-mail links to: a new password and its confirmation. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [state, setState] = useState<'idle' | 'loading' | 'success' | 'error'>('idle');
  const [error, setError] = useState('');
  const mismatch = confirm.length > 0 && password !== confirm;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || !confirm) {
      setError(t('common.required'));
      setState('error');
      return;
    }
    if (password !== confirm) {
      setError(t('signup.passwordsDoNotMatch'));
      setState('error');
      return;
    }
    setState('loading');
    try {
      await confirmPasswordReset({ token, newPassword: password });
      setState('success');
    } catch (caught) {
      setError(errorText(t, caught, t('reset.failed'), t('common.networkError')));
      setState('error');
    }
  };

  if (!token) {
    return (
      <AccountLayout title={t('reset.title')}>
        <Stack spacing={2}>
          <Alert severity="error">{t('reset.missingToken')}</Alert>
          <Button variant="contained" component={RouterLink} to={paths.forgotPassword}>
            {t('reset.newLink')}
          </Button>
        </Stack>
      </AccountLayout>
    );
  }

  return (
    <AccountLayout title={t('reset.title')} subtitle={state === 'success' ? undefined : t('reset.subtitle')}>
      {state === 'success' ? (
        <Stack spacing={2}>
          <Alert severity="success" role="status" data-testid="reset-result">
            {t('reset.success')}
          </Alert>
          <Button variant="contained" component={RouterLink} to={paths.login}>
            {t('login.submit')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack spacing={2}>
            {state === 'error' && (
              <Alert severity="error" role="alert" data-testid="reset-result">
                {error}{' '}
              </Alert>
            )}
            <PasswordField
              label={t('fields.newPassword')}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
              helperText={t('common.passwordHint')}
              autoFocus
            />
            <PasswordField
              label={t('fields.confirmNewPassword')}
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              required
              error={mismatch}
              helperText={mismatch ? t('signup.passwordsDoNotMatch') : ' '}
            />
            <Button type="submit" variant="contained" size="large" disabled={state === 'loading'}>
              {state === 'loading' ? t('reset.submitting') : t('reset.submit')}
            </Button>
            <Button component={RouterLink} to={paths.forgotPassword}>
              {t('reset.newLink')}
            </Button>
          </Stack>
        </form>
      )}
    </AccountLayout>
  );
}
