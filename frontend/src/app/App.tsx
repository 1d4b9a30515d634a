import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ToastProvider } from '../components/ToastProvider';
import { AuthProvider } from '../features/auth/AuthProvider';
import { PublicConfigProvider } from '../lib/public-config';
import { createRouter } from './router';
import { theme } from './theme';

export function App() {
  const [router] = useState(createRouter);
  return (
    <ThemeProvider theme={theme}>
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
