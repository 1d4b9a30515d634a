import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { AccountLayout } from '../../components/auth/AccountLayout';
import { useAuth } from '../../components/auth/AuthProvider';
import { LoginForm, safeReturnPath } from '../../components/auth/LoginForm';

export default function LoginPage() {
  const { t } = useTranslation('account');
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'authenticated') return <Navigate to={safeReturnPath(location.state)} replace />;
  return (
    <AccountLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm />
    </AccountLayout>
  );
}
