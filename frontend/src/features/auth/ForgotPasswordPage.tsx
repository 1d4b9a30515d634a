import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from '../../lib/auth-api';
import { AccountLayout } from '../../components/auth/AccountLayout';
import { errorText } from '../../components/auth/account-i18n';
import { EmailRequestForm } from './EmailRequestForm';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  return (
    <AccountLayout title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <EmailRequestForm
        submitLabel={t('forgot.submit')}
        submittingLabel={t('forgot.submitting')}
        successText={t('forgot.success')}
        send={async (email) => {
          try {
            await requestPasswordReset(email);
          } catch (error) {
            throw new Error(errorText(t, error, t('forgot.failed'), t('common.networkError')));
          }
        }}
      />
    </AccountLayout>
  );
}
