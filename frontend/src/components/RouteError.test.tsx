import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import '../lib/i18n';
import { isStaleChunkError, pageReload, RouteErrorBoundary } from './RouteError';
import type { ReactElement } from 'react';

describe('isStaleChunkError', () => {
  it.each([
    [new TypeError('Failed to fetch dynamically imported module: http://x/assets/Page-abc.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('error loading dynamically imported module'), true],
    [new Error('Cannot read properties of undefined'), false],
    [undefined, false],
  ])('%s → %s', (error, expected) => {
    expect(isStaleChunkError(error)).toBe(expected);
  });
});

function Broken(): never {
  throw new Error('Cannot read properties of undefined');
}

describe('RouteErrorBoundary', () => {
  let quiet: jest.SpyInstance;
  beforeEach(() => {
    // React and the boundary report the error on the console; the test checks the screen.
    quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => quiet.mockRestore());

  it('shows the calm error screen instead of a page that throws, and the page again after a move', () => {
    const { rerender } = render(
      <RouteErrorBoundary locationKey="first">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();

    rerender(
      <RouteErrorBoundary locationKey="first">
        <p>fixed</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();

    rerender(
      <RouteErrorBoundary locationKey="second">
        <p>fixed</p>
      </RouteErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('fixed')).toBeTruthy();
  });
});

describe('a page chunk that cannot load', () => {
  let quiet: jest.SpyInstance;
  const realFetch = global.fetch;
  beforeEach(() => {
    quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    quiet.mockRestore();
    global.fetch = realFetch;
  });

  /** A page whose chunk fails while `failing` is true, as with the server down. */
  function flakyPage() {
    const state = { failing: true };
    function Page(): ReactElement {
      if (state.failing)
        throw new TypeError('Failed to fetch dynamically imported module: http://x/assets/Page-abc.js');
      return <p>the page</p>;
    }
    return { state, Page };
  }

  it('with the server unreachable: says so, reloads nothing, and Retry brings the page back', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) as typeof fetch;
    const reload = jest.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    try {
      const { state, Page } = flakyPage();
      render(
        <RouteErrorBoundary locationKey="a">
          <Page />
        </RouteErrorBoundary>,
      );
      await screen.findByRole('heading', { name: "Clari can't be reached right now" });
      expect(reload).not.toHaveBeenCalled();
      state.failing = false;
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('the page')).toBeTruthy();
    } finally {
      reload.mockRestore();
    }
  });

  it('tries again by itself when the browser is back online', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) as typeof fetch;
    const { state, Page } = flakyPage();
    render(
      <RouteErrorBoundary>
        <Page />
      </RouteErrorBoundary>,
    );
    await screen.findByRole('button', { name: 'Try again' });
    state.failing = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('the page')).toBeTruthy();
  });

  it('with the server answering (a new version): reloads once to pick it up', async () => {
    global.fetch = jest.fn().mockResolvedValue({ ok: true }) as typeof fetch;
    sessionStorage.clear();
    const reload = jest.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    try {
      const { Page } = flakyPage();
      render(
        <RouteErrorBoundary locationKey="b">
          <Page />
        </RouteErrorBoundary>,
      );
      await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    } finally {
      reload.mockRestore();
    }
  });
});
