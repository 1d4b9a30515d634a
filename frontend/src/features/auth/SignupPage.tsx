import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { AccountLayout } from '../../components/auth/AccountLayout';
import { useAuth } from '../../components/auth/AuthProvider';
import { SignupForm } from '../../components/auth/SignupForm';
import { paths } from '../../config/paths';

export default function SignupPage() {
  const { t } = useTranslation('account');
  const { status } = useAuth();
  // Signed in already: there is no account to create; the home page has the tools.
  if (status === 'authenticated') return <Navigate to={paths.home} replace />;
  return (
    <AccountLayout title={t('signup.title')} subtitle={t('signup.subtitle')} maxWidth={520}>
      <SignupForm />
    </AccountLayout>
  );
}
