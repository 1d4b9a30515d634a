import { createTheme, type Theme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FOCUS_RING } from '../lib/focus-ring';

/** Calm, warm and readable: a deep teal, a soft amber accent, paper-like background. */
export const theme = createTheme({
  palette: {
    primary: { main: '#2f6f6a', contrastText: '#ffffff' },
    secondary: { main: '#9c4f2e', contrastText: '#ffffff' },
    background: { default: '#f7f5f2', paper: '#ffffff' },
    text: { primary: '#1f2933', secondary: '#4a5560' },
    // MUI's default info blue carries white text at 3.9:1; this one at 4.8:1 (a toast reads white on it).
    info: { main: '#0277bd', contrastText: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    // Long Swedish words ("Integritetspolicy", "Värdeutforskaren") break instead of overflowing a phone's width.
    h1: { fontSize: '2.4rem', fontWeight: 700, lineHeight: 1.2, overflowWrap: 'anywhere', hyphens: 'auto' },
    h2: { fontSize: '1.8rem', fontWeight: 700, overflowWrap: 'anywhere', hyphens: 'auto' },
    h3: { fontSize: '1.35rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // A focus ring shown at once on everything MUI makes focusable (buttons, cards, menu items, links):
    // a dark outline with a white gap, so it stands out 3:1 or more on the light page and the teal bar.
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
    MuiLink: { styleOverrides: { root: { '&.Mui-focusVisible, &:focus-visible': FOCUS_RING } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
  },
});

/**
 * The theme with MUI's own texts (an alert's close button) in the page's language, from our
 * locales. MUI's locale modules are not used: importing one builds a number formatter while the
 * app starts (about a fifth of a second on a phone), for a table's row count that the admin page
 * words itself.
 */
export function useLocalizedTheme(): Theme {
  // react-i18next gives a new `t` when the language changes.
  const { t } = useTranslation();
  return useMemo(() => withAlertCloseText(theme, t('common.close')), [t]);
}

/**
 * A copy of `base` with the alert's close text, not a second `createTheme(base, …)`, which would
 * derive and deep-merge the whole theme again during the app's first render. The theme's
 * functions read it through `this` or their closure, so a shallow copy keeps them working.
 */
export function withAlertCloseText(base: Theme, closeText: string): Theme {
  const alert = base.components?.MuiAlert;
  return {
    ...base,
    components: { ...base.components, MuiAlert: { ...alert, defaultProps: { ...alert?.defaultProps, closeText } } },
  };
}
