import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { PageSpinner } from '../PageSpinner';
import { useAuth } from './AuthProvider';

export interface LoginRedirectState {
  from: string;
}

/** Shows a spinner during the session check, then the page or /login remembering the way back. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'anonymous') {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <>{children}</>;
}
