import CssBaseline from '@mui/material/CssBaseline';
// @mui/system's provider: @mui/material's also carries the CSS-variables provider (about 3 KB gz), which this theme does not use.
import { ThemeProvider } from '@mui/system';
import { RouteErrorBoundary } from '../components/RouteError';
import { ToastProvider } from '../components/ToastProvider';
import { AuthProvider } from '../components/auth/AuthProvider';
import { GuardedBrowserRouter } from '../lib/guarded-router';
import { PublicConfigProvider } from '../lib/public-config';
import { AppRoutes } from './router';
import { useLocalizedTheme } from './theme';

export function App() {
  const localizedTheme = useLocalizedTheme();
  return (
    <ThemeProvider theme={localizedTheme}>
      <CssBaseline />
      {/* Whatever fails outside a page (a provider, the shell) shows the error screen, never a white page. */}
      <RouteErrorBoundary>
        <ToastProvider>
          <PublicConfigProvider>
            <AuthProvider>
              <GuardedBrowserRouter>
                <AppRoutes />
              </GuardedBrowserRouter>
            </AuthProvider>
          </PublicConfigProvider>
        </ToastProvider>
      </RouteErrorBoundary>
    </ThemeProvider>
  );
}
