import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { TIMING } from '@clari/contracts';
import { paths } from '../../config/paths';
import { verifyEmail } from '../../lib/auth-api';
import { takeSignupEmail } from '../../lib/signup-email';
import { AccountLayout } from '../../components/auth/AccountLayout';
import { errorText } from '../../components/auth/account-i18n';

type State = { kind: 'verifying' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };

/** Follows a verification link: verifying, then success (to /login after 3 s) or an error. */
export default function VerifyEmailPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'verifying' } : { kind: 'error', message: t('verify.invalidToken') },
  );
  const started = useRef(false);

  useEffect(() => {
    // A token works once, so it is sent once even if the effect runs twice.
    if (!token || started.current) return;
    started.current = true;
    verifyEmail(token)
      .then((answer) =>
        setState({
          kind: 'success',
          message: answer.alreadyVerified ? t('verify.alreadyVerified') : t('verify.success'),
        }),
      )
      .catch((error: unknown) =>
        setState({ kind: 'error', message: errorText(t, error, t('verify.failed'), t('verify.networkError')) }),
      );
  }, [token, t]);

  useEffect(() => {
    if (state.kind !== 'success') return;
    // The login form is filled in with the address signed up with in this browser, if any.
    const email = takeSignupEmail();
    const timer = setTimeout(
      () => navigate(paths.login, { replace: true, state: email ? { email } : undefined }),
      TIMING.redirectAfterVerifyMs,
    );
    return () => clearTimeout(timer);
  }, [state.kind, navigate]);

  return (
    <AccountLayout title={t('verify.title')}>
      {state.kind === 'verifying' && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} />
          <Typography>{t('verify.verifying')}</Typography>
        </Stack>
      )}
      {state.kind === 'success' && (
        <Alert severity="success" role="status" data-testid="verify-result">
          {state.message}
        </Alert>
      )}
      {state.kind === 'error' && (
        <Stack spacing={2}>
          <Alert severity="error" role="alert" data-testid="verify-result">
            {state.message}
          </Alert>
          <Stack direction="row" spacing={2}>
            <Button variant="contained" component={RouterLink} to={paths.login}>
              {t('common.backToLogin')}
            </Button>
            <Button component={RouterLink} to={paths.resendVerification}>
              {t('verify.resendLink')}
            </Button>
          </Stack>
        </Stack>
      )}
    </AccountLayout>
  );
}
