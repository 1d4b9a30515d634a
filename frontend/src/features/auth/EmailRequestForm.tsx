import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { EmailField } from '../../components/auth/EmailField';

export type RequestState = 'idle' | 'loading' | 'success' | 'error';

interface EmailRequestFormProps {
  submitLabel: string;
  submittingLabel: string;
  successText: string;
  /** Sends the request; the returned promise rejects with the error text to show. */
  send(email: string): Promise<void>;
}

/**
 * One e-mail field and a submit button: the forgot-password and resend-verification forms
 * (states idle, loading, success, error; nothing is sent while the field is empty).
 */
export function EmailRequestForm({ submitLabel, submittingLabel, successText, send }: EmailRequestFormProps) {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState('');
  const [state, setState] = useState<RequestState>('idle');
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setState('error');
      setError(t('common.required'));
      return;
    }
    setState('loading');
    try {
      await send(email.trim());
      setState('success');
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setState('error');
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={2}>
        {state === 'success' && (
          <Alert severity="success" role="status" data-testid="request-result">
            {successText}
          </Alert>
        )}
        {state === 'error' && (
          <Alert severity="error" role="alert" data-testid="request-result">
            {error}
          </Alert>
        )}
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
        <Button type="submit" variant="contained" size="large" disabled={state === 'loading'}>
          {state === 'loading' ? submittingLabel : submitLabel}
        </Button>
        <Button component={RouterLink} to={paths.login}>
          {t('common.backToLogin')}
        </Button>
      </Stack>
    </form>
  );
}
