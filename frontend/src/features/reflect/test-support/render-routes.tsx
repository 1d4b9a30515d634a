import { render } from '@testing-library/react';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { ToastProvider } from '../../../components/ToastProvider';
import { AuthProvider } from '../../../components/auth/AuthProvider';
import { withQueryClient } from '../../../test-support/query-client';
import {
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  type NavigateFunction,
} from 'react-router-dom';

/** Where the app is, as the tests see it (a data router needs fetch's Request, which jsdom lacks). */
export interface RouterProbe {
  pathname: string;
  action: string;
  navigate: NavigateFunction;
}

function Probe({ onChange }: { onChange(state: RouterProbe): void }) {
  const { pathname } = useLocation();
  const action = useNavigationType();
  const navigate = useNavigate();
  useEffect(() => {
    onChange({ pathname, action, navigate });
  }, [onChange, pathname, action, navigate]);
  return null;
}

/** Renders `routes` (path → element) in a memory router at `path`; the probe follows the location. */
export function renderRoutes(
  path: string,
  routes: Record<string, ReactNode>,
  { strict = false, signedIn = false } = {},
): RouterProbe {
  const probe = { pathname: path, action: 'POP' } as RouterProbe;
  const follow = (state: RouterProbe) => Object.assign(probe, state);
  // Inside the toast provider, as the app renders every page.
  const pages = (
    <MemoryRouter initialEntries={[path]}>
      <Probe onChange={follow} />
      <Routes>
        {Object.entries(routes).map(([route, element]) => (
          <Route key={route} path={route} element={element} />
        ))}
      </Routes>
    </MemoryRouter>
  );
  // Signed in: the session (GET /api/auth/check, answered by the test's server) keys the drafts.
  const tree = <ToastProvider>{signedIn ? <AuthProvider>{pages}</AuthProvider> : pages}</ToastProvider>;
  const cached = withQueryClient(tree);
  render(strict ? <StrictMode>{cached}</StrictMode> : cached);
  return probe;
}
