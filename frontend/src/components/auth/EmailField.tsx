import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_LIMITS } from '@clari/contracts';

/** An e-mail input with the account label, the browser's e-mail keyboard and autofill, limited to the maximum length. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'label'>) {
  const { t } = useTranslation('account');
  return (
    <TextField
      label={t('fields.email')}
      type="email"
      autoComplete="email"
      required
      fullWidth
      {...props}
      slotProps={{ htmlInput: { maxLength: ACCOUNT_LIMITS.emailMax } }}
    />
  );
}
