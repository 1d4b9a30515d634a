import CssBaseline from '@mui/material/CssBaseline';
import { svSE } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
// @mui/system's provider: @mui/material's also carries the CSS-variables provider (about 3 KB gz), which this theme does not use.
import { ThemeProvider } from '@mui/system';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { ToastProvider } from '../components/ToastProvider';
import { AuthProvider } from '../components/auth/AuthProvider';
import { PublicConfigProvider } from '../lib/public-config';
import { createRouter } from './router';
import { theme } from './theme';

export function App() {
  const [router] = useState(createRouter);
  const { i18n } = useTranslation();
  // MUI's own texts (table pagination, …) in the page's language.
  const localizedTheme = useMemo(() => (i18n.language === 'sv' ? createTheme(theme, svSE) : theme), [i18n.language]);
  return (
    <ThemeProvider theme={localizedTheme}>
      <CssBaseline />
      <ToastProvider>
        <PublicConfigProvider>
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </PublicConfigProvider>
      </ToastProvider>
    </ThemeProvider>
  );
}
