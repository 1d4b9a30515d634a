import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ToastProvider';
import { errorText } from '../../../components/auth/account-i18n';
import { PasswordField } from '../../../components/auth/PasswordField';
import { ApiError } from '../../../lib/api';
import { useChangePassword } from '../api/profile-queries';

/** Current password, new password twice; the server ends the user's other sessions. */
export function PasswordForm() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [invalid, setInvalid] = useState('');
  const change = useChangePassword();
  const mismatch = confirm.length > 0 && next !== confirm;

  const failure = change.error;
  const error =
    invalid ||
    (failure
      ? failure instanceof ApiError && failure.status === 401
        ? t('common.unauthorized')
        : errorText(t, failure, t('profile.passwordFailed'), t('profile.passwordFailed'))
      : '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem =
      !current || !next || !confirm ? t('common.required') : next !== confirm ? t('profile.passwordsDoNotMatch') : '';
    setInvalid(problem);
    if (problem) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
          toast(t('profile.passwordChanged'), 'success');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('profile.password')}>
      <Stack spacing={2}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <PasswordField
          label={t('fields.currentPassword')}
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          required
        />
        <PasswordField
          label={t('fields.newPassword')}
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          required
          helperText={t('common.passwordHint')}
        />
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
          <Button type="submit" variant="contained" disabled={change.isPending}>
            {change.isPending ? t('profile.changingPassword') : t('profile.changePassword')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
