import CssBaseline from '@mui/material/CssBaseline';
import { svSE } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
// @mui/system's provider: @mui/material's also carries the CSS-variables provider (about 3 KB gz), which this theme does not use.
import { ThemeProvider } from '@mui/system';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastProvider } from '../components/ToastProvider';
import { AuthProvider } from '../components/auth/AuthProvider';
import { GuardedBrowserRouter } from '../lib/guarded-router';
import { PublicConfigProvider } from '../lib/public-config';
import { AppRoutes } from './router';
import { theme } from './theme';

export function App() {
  const { i18n } = useTranslation();
  // MUI's own texts (table pagination, …) in the page's language.
  const localizedTheme = useMemo(() => (i18n.language === 'sv' ? createTheme(theme, svSE) : theme), [i18n.language]);
  return (
    <ThemeProvider theme={localizedTheme}>
      <CssBaseline />
      <ToastProvider>
        <PublicConfigProvider>
          <AuthProvider>
            <GuardedBrowserRouter>
              <AppRoutes />
            </GuardedBrowserRouter>
          </AuthProvider>
        </PublicConfigProvider>
      </ToastProvider>
    </ThemeProvider>
  );
}
