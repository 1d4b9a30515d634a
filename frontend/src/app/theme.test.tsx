import Alert from '@mui/material/Alert';
import { ThemeProvider } from '@mui/system';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import i18n from '../lib/i18n';
import { theme as baseTheme, useLocalizedTheme, withAlertCloseText } from './theme';

function Themed({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={useLocalizedTheme()}>{children}</ThemeProvider>;
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('useLocalizedTheme', () => {
  it("names an alert's close button in the page's language, and follows a change of language", async () => {
    await act(() => i18n.changeLanguage('sv'));
    render(
      <Themed>
        <Alert onClose={() => undefined}>Sparat</Alert>
      </Themed>,
    );
    expect(screen.getByRole('button', { name: 'Stäng' })).toBeTruthy();

    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it("keeps the app's own palette and typography", () => {
    function Probe() {
      const theme = useLocalizedTheme();
      return <span data-testid="probe">{`${theme.palette.primary.main} ${theme.shape.borderRadius}`}</span>;
    }
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('#2f6f6a 10');
  });

  it('is a copy of the base theme with the close text, whose functions still work', () => {
    const localized = withAlertCloseText(baseTheme, 'Stäng');
    expect(localized.components?.MuiAlert?.defaultProps?.closeText).toBe('Stäng');
    // The other components' settings stay, and the base theme is not changed.
    expect(localized.components?.MuiButton?.defaultProps?.disableElevation).toBe(true);
    expect(baseTheme.components?.MuiAlert?.defaultProps?.closeText).toBeUndefined();
    expect(localized.spacing(2)).toBe('16px');
    expect(localized.breakpoints.up('sm')).toBe('@media (min-width:600px)');
    expect(localized.typography.pxToRem(16)).toBe('1rem');
    expect(localized.palette.getContrastText(localized.palette.primary.main)).toBe('#fff');
    expect(localized.alpha('#2f6f6a', 0.5)).toBe('rgba(47, 111, 106, 0.5)');
    expect(localized.unstable_sx({ p: 1 })).toEqual({ padding: '8px' });
  });
});
