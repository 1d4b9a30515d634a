import { useTranslation } from 'react-i18next';
import { storedLanguage } from '../../lib/i18n';
import { resendVerification } from '../../lib/auth-api';
import { AccountLayout } from '../../components/auth/AccountLayout';
import { errorText } from '../../components/auth/account-i18n';
import { EmailRequestForm } from './EmailRequestForm';

export default function ResendVerificationPage() {
  const { t } = useTranslation('account');
  return (
    <AccountLayout title={t('resend.title')} subtitle={t('resend.subtitle')}>
      <EmailRequestForm
        submitLabel={t('resend.submit')}
        submittingLabel={t('resend.submitting')}
        successText={t('resend.success')}
        send={async (email) => {
          try {
            // part 1 §7: the language comes from local storage, default en.
            await resendVerification({ email, language: storedLanguage() });
          } catch (error) {
            throw new Error(errorText(t, error, t('resend.failed'), t('resend.networkError')));
          }
        }}
      />
    </AccountLayout>
  );
}
