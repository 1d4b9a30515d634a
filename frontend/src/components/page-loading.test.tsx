import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import '../lib/i18n';
import { usePageLoading } from './page-loading';
import { PageSpinner } from './PageSpinner';

/** A footer that waits for page spinners, as AppShell's does. */
function Footer() {
  return usePageLoading() ? null : <footer>footer</footer>;
}

function Page({ loaded }: { loaded: boolean }) {
  return loaded ? <p>content</p> : <PageSpinner />;
}

function Shell({ first, second }: { first: boolean; second: boolean }) {
  return (
    <StrictMode>
      <Page loaded={first} />
      <Page loaded={second} />
      <Footer />
    </StrictMode>
  );
}

describe('the footer and page spinners', () => {
  it('leaves the footer out while any page spinner shows, and brings it with the content', () => {
    const { rerender } = render(<Shell first={false} second={false} />);
    expect(screen.getAllByRole('status')).toHaveLength(2);
    expect(screen.queryByText('footer')).toBeNull();

    rerender(<Shell first second={false} />);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.queryByText('footer')).toBeNull();

    rerender(<Shell first second />);
    expect(screen.queryAllByRole('status')).toHaveLength(0);
    expect(screen.getByText('footer')).toBeTruthy();

    // A page that loads again (a new route) takes the footer away again.
    rerender(<Shell first={false} second />);
    expect(screen.queryByText('footer')).toBeNull();
  });
});
