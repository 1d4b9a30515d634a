import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
// The context-free Trans (given `t`): the index's Trans would be bundled into the first load.
import { Trans } from 'react-i18next/TransWithoutContext';
import { Link as RouterLink } from 'react-router-dom';
import { ACCOUNT_LIMITS, isLanguage, LANGUAGES, type Language } from '@clari/contracts';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api';
import { register } from '../../lib/auth-api';
import { rememberSignupEmail } from '../../lib/signup-email';
import { errorText } from './account-i18n';
import { PasswordField } from './PasswordField';
import { EmailField } from './EmailField';

interface SignupFields {
  email: string;
  password: string;
  confirmPassword: string;
  fullName: string;
  language: Language;
  termsAccepted: boolean;
}

/** The signup form; also embedded by the Value Explorer welcome screen. */
export function SignupForm({ onSwitchToLogin }: { onSwitchToLogin?: () => void }) {
  const { t, i18n } = useTranslation('account');
  const empty = (): SignupFields => ({
    email: '',
    password: '',
    confirmPassword: '',
    fullName: '',
    language: isLanguage(i18n.language) ? i18n.language : 'en',
    termsAccepted: false,
  });
  const [fields, setFields] = useState<SignupFields>(empty);
  // The Language field follows the page's language until the person picks one themselves.
  const [languageChosen, setLanguageChosen] = useState(false);
  const pageLanguage: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const language = languageChosen ? fields.language : pageLanguage;
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  // After a submit with empty fields, each empty required field says so itself.
  const [attempted, setAttempted] = useState(false);
  const missing = (value: string) => attempted && !value.trim();
  const set = <K extends keyof SignupFields>(key: K, value: SignupFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  const mismatch = fields.confirmPassword.length > 0 && fields.password !== fields.confirmPassword;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!fields.email.trim() || !fields.password || !fields.confirmPassword || !fields.fullName.trim()) {
      setResult({ severity: 'error', text: t('common.required') });
      return;
    }
    if (fields.password !== fields.confirmPassword) {
      setResult({ severity: 'error', text: t('signup.passwordsDoNotMatch') });
      return;
    }
    if (!fields.termsAccepted) {
      setResult({ severity: 'error', text: t('signup.termsRequired') });
      return;
    }
    setSubmitting(true);
    setResult(null);
    try {
      await register({
        email: fields.email.trim(),
        password: fields.password,
        full_name: fields.fullName.trim(),
        language,
        termsAccepted: true,
      });
      rememberSignupEmail(fields.email.trim());
      // Which address the mail went to, so a typo in it shows at once.
      setResult({ severity: 'success', text: t('signup.successTo', { email: fields.email.trim() }) });
      setFields(empty());
      setAttempted(false);
    } catch (error) {
      const unreadable = error instanceof ApiError && error.message === 'Server returned non-JSON response';
      setResult({
        severity: 'error',
        text: unreadable ? t('signup.serverError') : errorText(t, error, t('signup.failed'), t('common.networkError')),
      });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('signup.title')}>
      <Stack spacing={2}>
        {result && (
          <Alert
            severity={result.severity}
            role={result.severity === 'error' ? 'alert' : 'status'}
            data-testid="signup-result"
          >
            {result.text}
          </Alert>
        )}
        <EmailField
          value={fields.email}
          onChange={(e) => set('email', e.target.value)}
          required
          error={missing(fields.email)}
          helperText={missing(fields.email) ? t('fields.required') : undefined}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="new-password"
          value={fields.password}
          onChange={(e) => set('password', e.target.value)}
          required
          error={missing(fields.password)}
          helperText={missing(fields.password) ? t('fields.required') : t('common.passwordHint')}
        />
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          value={fields.confirmPassword}
          onChange={(e) => set('confirmPassword', e.target.value)}
          required
          error={mismatch || missing(fields.confirmPassword)}
          helperText={
            mismatch ? t('signup.passwordsDoNotMatch') : missing(fields.confirmPassword) ? t('fields.required') : ' '
          }
        />
        <TextField
          label={t('fields.fullName')}
          autoComplete="name"
          value={fields.fullName}
          onChange={(e) => set('fullName', e.target.value)}
          required
          error={missing(fields.fullName)}
          helperText={missing(fields.fullName) ? t('fields.required') : undefined}
          fullWidth
          slotProps={{ htmlInput: { maxLength: ACCOUNT_LIMITS.fullNameMax } }}
        />
        <FormControl fullWidth>
          <InputLabel id="signup-language">{t('fields.language')}</InputLabel>
          <Select
            labelId="signup-language"
            label={t('fields.language')}
            value={language}
            onChange={(e) => {
              setLanguageChosen(true);
              set('language', e.target.value as Language);
            }}
          >
            {LANGUAGES.map((option) => (
              <MenuItem key={option} value={option} lang={option}>
                {t(`languages.${option}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControlLabel
          control={
            <Checkbox
              checked={fields.termsAccepted}
              onChange={(e) => set('termsAccepted', e.target.checked)}
              slotProps={{ input: { 'aria-required': true } }}
            />
          }
          label={
            <Typography variant="body2">
              <Trans
                t={t}
                i18nKey="signup.terms"
                components={{
                  termsLink: (
                    <Link href={paths.terms} target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()} />
                  ),
                  privacyLink: (
                    <Link href={paths.privacy} target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()} />
                  ),
                }}
              />
            </Typography>
          }
        />
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          {submitting ? t('signup.submitting') : t('signup.submit')}
        </Button>
        <Typography variant="body2">
          {t('signup.haveAccount')}{' '}
          {onSwitchToLogin ? (
            <Link component="button" type="button" onClick={onSwitchToLogin}>
              {t('signup.loginLink')}
            </Link>
          ) : (
            <Link component={RouterLink} to={paths.login}>
              {t('signup.loginLink')}
            </Link>
          )}
        </Typography>
      </Stack>
    </form>
  );
}
