import Alert from '@mui/material/Alert';
import { ThemeProvider } from '@mui/system';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import i18n from '../lib/i18n';
import { useLocalizedTheme } from './theme';

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
});
