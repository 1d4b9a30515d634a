import { createTheme } from '@mui/material/styles';

/** Calm, warm and readable: a deep teal, a soft amber accent, paper-like background. */
export const theme = createTheme({
  palette: {
    primary: { main: '#2f6f6a', contrastText: '#ffffff' },
    secondary: { main: '#9c4f2e', contrastText: '#ffffff' },
    background: { default: '#f7f5f2', paper: '#ffffff' },
    text: { primary: '#1f2933', secondary: '#4a5560' },
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
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
  },
});
