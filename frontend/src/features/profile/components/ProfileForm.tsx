import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_LIMITS, LANGUAGES, isLanguage, type Language, type ProfileResponse } from '@clari/contracts';
import { useToast } from '../../../components/ToastProvider';
import { DraftOffer } from '../../../components/drafts/DraftOffer';
import { SaveStatus } from '../../../components/drafts/SaveStatus';
import { itemDraftKey } from '../../../components/drafts/useDraftSavers';
import { useEditorDrafts } from '../../../components/drafts/useEditorDrafts';
import { errorText } from '../../../components/auth/account-i18n';
import { useAuth } from '../../../components/auth/AuthProvider';
import { ApiError } from '../../../lib/api';
import { parseText, parseTexts, readDraft, writeDraft } from '../../../lib/drafts/draft-store';
import { setLanguage } from '../../../lib/i18n';
import { updateProfile } from '../../../lib/profile-api';
import { profileKeys, useUpdateProfile } from '../api/profile-queries';
import { EmailField } from '../../../components/auth/EmailField';

/** What saves on its own. */
interface ProfileFields {
  fullName: string;
  language: Language;
}

const DRAFT_TOOL = 'profile';
const DRAFT_ID = 'details';
/** A new address typed but not sent yet (kept on this device only, never sent on its own). */
const EMAIL_DRAFT_ID = 'email';
const parseFieldTexts = parseTexts(['fullName', 'language'] as const);
const parseFields = (value: unknown): ProfileFields | null => {
  const fields = parseFieldTexts(value);
  return fields && isLanguage(fields.language) ? { ...fields, language: fields.language } : null;
};
const fieldsOf = (profile: ProfileResponse): ProfileFields => ({
  fullName: profile.full_name,
  language: profile.language,
});
/** The profile's version a draft is made on: the fields as the server has them. */
const versionOf = (profile: ProfileResponse) => JSON.stringify(fieldsOf(profile));

/**
 * E-mail, full name and language. The name and the language save on their own after a pause
 * (the page switches to the language saved); a new e-mail address is sent only with "Save
 * changes", since the server mails a link to it. What is typed (the new address too) is kept
 * on this device until the server has it, and comes back after a reload.
 */
export function ProfileForm({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const client = useQueryClient();
  const { refresh, user } = useAuth();
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

  const autosave = useEditorDrafts<ProfileFields>({
    tool: DRAFT_TOOL,
    user: user?.email ?? null,
    parse: parseFields,
    save: async (_id, fields) => {
      if (!fields.fullName.trim()) throw new ApiError(400, 'A name is required');
      // The address in use: a new one waits for "Save changes".
      const result = await updateProfile({
        email: profile.email,
        fullName: fields.fullName.trim(),
        language: fields.language,
      });
      client.setQueryData<ProfileResponse>(profileKeys.details(), result.profile);
      setLanguage(result.profile.language, { saved: true });
      // The top bar shows the new name.
      void refresh();
    },
    basedOn: () => versionOf(profile),
  });
  const { settle } = autosave;
  useEffect(() => {
    settle(DRAFT_ID, { value: fieldsOf(profile), version: versionOf(profile) });
  }, [settle, profile]);
  const item = autosave.item(DRAFT_ID);
  // A draft of this device taken back after a reload fills the fields (it is being saved).
  const { restored, takeRestored } = item;
  const [takenFrom, setTakenFrom] = useState<ProfileFields | undefined>(undefined);
  if (restored && restored !== takenFrom) {
    setTakenFrom(restored);
    setFullName(restored.fullName);
    setLang(restored.language);
  }
  useEffect(() => {
    if (restored) takeRestored();
  }, [restored, takeRestored]);

  // A new address typed before a reload comes back into its field (to be sent with "Save changes").
  const emailKey = user ? itemDraftKey(DRAFT_TOOL, user.email, EMAIL_DRAFT_ID) : null;
  const [emailChecked, setEmailChecked] = useState<string | null>(null);
  if (emailKey && emailChecked !== emailKey) {
    setEmailChecked(emailKey);
    const kept = readDraft(emailKey, parseText);
    if (kept && kept.basedOn === profile.email && kept.value !== profile.email) setEmail(kept.value);
  }
  const keepEmail = (next: string) => {
    if (!emailKey) return;
    const waits = next.trim() && next.trim() !== profile.email;
    writeDraft(emailKey, waits ? { value: next, basedOn: profile.email, keptAt: Date.now() } : null);
  };

  /** A field changed: kept on this device at once, saved after the pause. */
  const changed = (fields: Partial<ProfileFields>) => {
    setMissing(false);
    item.change({ fullName, language, ...fields });
  };
  const emailWaits = email.trim() !== profile.email && email.trim() !== (profile.pending_email ?? '');

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
    // Everything the form holds is stored: nothing waits for the autosave.
    autosave.savers.storedElsewhere(DRAFT_ID, () => true);
    if (emailKey) writeDraft(emailKey, null);
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
        {item.offer && (
          <DraftOffer
            keptAt={item.offer.keptAt}
            onRestore={() => item.settleOffer(true)}
            onDiscard={() => item.settleOffer(false)}
            testId="profile-draft-offer"
          />
        )}
        <EmailField
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            keepEmail(e.target.value);
          }}
          helperText={emailWaits ? t('profile.emailSaveHint') : undefined}
        />
        <TextField
          label={t('fields.fullName')}
          value={fullName}
          onChange={(e) => {
            setFullName(e.target.value);
            changed({ fullName: e.target.value });
          }}
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
            onChange={(e) => {
              const next = e.target.value as Language;
              setLang(next);
              changed({ language: next });
            }}
          >
            {LANGUAGES.map((code) => (
              <MenuItem key={code} value={code} lang={code}>
                {t(`languages.${code}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {update.isPending ? t('profile.saving') : t('profile.save')}
          </Button>
          <SaveStatus state={item.state} />
        </Stack>
      </Stack>
    </form>
  );
}
