import { render, screen } from '@testing-library/react';
import '../lib/i18n';
import { isStaleChunkError, RouteErrorBoundary } from './RouteError';

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
