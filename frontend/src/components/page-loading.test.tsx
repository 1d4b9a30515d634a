import { render, screen } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import '../lib/i18n';
import { ChatPanelPlaceholder } from './assistant/ChatPanelPlaceholder';
import { useHoldPageLoading, usePageLoading } from './page-loading';
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

/** A part of a page that loads on its own (a section), holding the footer while `loading`. */
function Part({ loading }: { loading: boolean }) {
  useHoldPageLoading(loading);
  return <p>{loading ? 'part loading' : 'part'}</p>;
}

/** The page's parts above a footer that waits for them, as in AppShell. */
const page = (part?: ReactNode) => (
  <StrictMode>
    {part}
    <Footer />
  </StrictMode>
);

describe('parts of a page that hold the footer', () => {
  it('holds the footer while a part says it is loading, and lets it go when it is not or is gone', () => {
    const { rerender } = render(page(<Part loading />));
    expect(screen.queryByText('footer')).toBeNull();
    rerender(page(<Part loading={false} />));
    expect(screen.getByText('footer')).toBeTruthy();
    rerender(page(<Part loading />));
    expect(screen.queryByText('footer')).toBeNull();
    rerender(page());
    expect(screen.getByText('footer')).toBeTruthy();
  });

  it('the chat panel’s placeholder holds the footer and the panel’s height, and says what loads', () => {
    const { rerender } = render(page(<ChatPanelPlaceholder size="large" label="Creating your reflection…" />));
    expect(screen.getByRole('status').textContent).toBe('Creating your reflection…');
    // The message list's place, as the panel's own list (CHAT_HEIGHTS.large).
    expect(getComputedStyle(screen.getByRole('status')).height).toBe('400px');
    expect(screen.getByTestId('chat-loading')).toBeTruthy();
    expect(screen.queryByText('footer')).toBeNull();

    rerender(page(<ChatPanelPlaceholder />));
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(getComputedStyle(screen.getByRole('status')).height).toBe('300px');

    rerender(page());
    expect(screen.getByText('footer')).toBeTruthy();
  });
});
