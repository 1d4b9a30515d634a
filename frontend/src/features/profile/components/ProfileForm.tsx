import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_LIMITS, LANGUAGES, type Language, type ProfileResponse } from '@clari/contracts';
import { useToast } from '../../../components/ToastProvider';
import { errorText } from '../../../components/auth/account-i18n';
import { useAuth } from '../../../components/auth/AuthProvider';
import { ApiError } from '../../../lib/api';
import { setLanguage } from '../../../lib/i18n';
import { useUpdateProfile } from '../api/profile-queries';
import { EmailField } from '../../../components/auth/EmailField';

/** E-mail, full name and language; saving switches the page to the language saved. */
export function ProfileForm({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const { refresh } = useAuth();
  const [email, setEmail] = useState(profile.email);
  const [fullName, setFullName] = useState(profile.full_name);
  const [language, setLang] = useState<Language>(profile.language);
  const [missing, setMissing] = useState(false);
  // A newer profile from the server (revalidated, or just saved) refills the fields the person has not changed.
  const [filledFrom, setFilledFrom] = useState(profile);
  if (profile !== filledFrom) {
    setFilledFrom(profile);
    if (email === filledFrom.email) setEmail(profile.email);
    if (fullName === filledFrom.full_name) setFullName(profile.full_name);
    if (language === filledFrom.language) setLang(profile.language);
  }
  const update = useUpdateProfile();

  const failure = update.error;
  const error = missing
    ? t('common.required')
    : failure
      ? failure instanceof ApiError && failure.status === 401
        ? t('profile.updateUnauthorized')
        : errorText(t, failure, t('profile.updateFailed'), t('common.networkError'))
      : '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missingField = !email.trim() || !fullName.trim();
    setMissing(missingField);
    if (missingField) return;
    // Awaited rather than passed as mutate callbacks, so the language switch happens even if the page is left meanwhile.
    const result = await update
      .mutateAsync({ email: email.trim(), fullName: fullName.trim(), language })
      .catch(() => null);
    if (!result) return;
    setLanguage(result.profile.language, { saved: true });
    // A new address waits for its link: the field shows the one in use.
    setEmail(result.profile.email);
    // The top bar shows the new name.
    void refresh();
    // In the language just saved: the page switches to it as the toast appears.
    const lng = result.profile.language;
    toast(
      result.emailChangePending
        ? t('profile.emailPending', { email: result.profile.pending_email, lng })
        : t('profile.updated', { lng }),
      'success',
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('profile.details')}>
      <Stack spacing={2}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {profile.pending_email && (
          <Alert severity="info">{t('profile.emailPending', { email: profile.pending_email })}</Alert>
        )}
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label={t('fields.fullName')}
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          required
          fullWidth
          slotProps={{ htmlInput: { maxLength: ACCOUNT_LIMITS.fullNameMax } }}
        />
        <FormControl fullWidth>
          <InputLabel id="profile-language">{t('fields.language')}</InputLabel>
          <Select
            labelId="profile-language"
            label={t('fields.language')}
            value={language}
            onChange={(e) => setLang(e.target.value as Language)}
          >
            {LANGUAGES.map((code) => (
              <MenuItem key={code} value={code} lang={code}>
                {t(`languages.${code}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Box>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {update.isPending ? t('profile.saving') : t('profile.save')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
