import { useLayoutEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { holdTopBarPlace } from '../page-loading';
import { PageSpinner } from '../PageSpinner';
import { useAuth } from './AuthProvider';

export interface LoginRedirectState {
  from: string;
}

/** Shows a spinner during the session check, then the page or /login remembering the way back. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  // Most who open a page for signed-in people are signed in: keep the top bar's place meanwhile.
  useLayoutEffect(() => (status === 'loading' ? holdTopBarPlace() : undefined), [status]);
  if (status === 'loading') return <PageSpinner />;
  if (status === 'anonymous') {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <>{children}</>;
}
