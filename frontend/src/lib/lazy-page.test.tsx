import { act, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { elementsAt, lazyPage, preloadersFor, routeMatchAt, whenIdle } from './lazy-page';

/** A page module as a chunk's import() gives it. */
const chunk = () => Promise.resolve({ default: () => null });

function Guard({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

describe('preloadersFor', () => {
  const Shell = lazyPage(chunk);
  const Layout = lazyPage(chunk);
  const Areas = lazyPage(chunk);
  const Edit = lazyPage(chunk);
  const Landing = lazyPage(chunk);
  const routes: RouteObject[] = [
    {
      element: <Shell />,
      children: [
        { path: '/', element: <Landing /> },
        {
          path: '/valueexplorer',
          element: (
            <Guard>
              <Layout />
            </Guard>
          ),
          children: [
            { path: 'areas', element: <Areas /> },
            { path: 'edit', element: <Edit /> },
          ],
        },
      ],
    },
  ];

  it('gives the chunks of every layout and the page at an address, outer first, through guards', () => {
    expect(preloadersFor(routes, '/valueexplorer/areas')).toEqual([Shell.preload, Layout.preload, Areas.preload]);
    expect(preloadersFor(routes, '/')).toEqual([Shell.preload, Landing.preload]);
  });

  it('lists the elements as the route table writes them, so a guard around a page can be found', () => {
    expect(elementsAt(routes, '/valueexplorer/edit').map((element) => element.type)).toEqual([
      Shell,
      Guard,
      Layout,
      Edit,
    ]);
    expect(elementsAt(routes, '/').some((element) => element.type === Guard)).toBe(false);
  });

  it('gives nothing for an address no route matches', () => {
    expect(preloadersFor(routes, '/nowhere')).toEqual([]);
  });

  it('matches an address once, and forgets the addresses of a long visit', () => {
    const byId: RouteObject[] = [{ path: '/reflect/id/:reflectionId', element: <Landing /> }];
    const first = routeMatchAt(byId, '/reflect/id/abc');
    expect(first.matches.map((match) => match.params)).toEqual([{ reflectionId: 'abc' }]);
    // The same answer, not a second walk through the route table.
    expect(routeMatchAt(byId, '/reflect/id/abc')).toBe(first);
    // A table of its own is matched on its own.
    expect(routeMatchAt([...byId], '/reflect/id/abc')).not.toBe(first);
    for (let visit = 0; visit < 40; visit++) routeMatchAt(byId, `/reflect/id/${visit}`);
    const again = routeMatchAt(byId, '/reflect/id/abc');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

describe('lazyPage', () => {
  function Page() {
    return <p>the page</p>;
  }
  const renderInSuspense = (Lazy: ComponentType) =>
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );

  it('renders a preloaded page in the first render, without showing the loading state', async () => {
    const load = jest.fn(() => Promise.resolve({ default: Page }));
    const Lazy = lazyPage(load);
    await Lazy.preload();
    renderInSuspense(Lazy);
    // Synchronously, in the first commit: no fallback in between.
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks for the chunk once, whether the page is preloaded, rendered or both', async () => {
    const load = jest.fn(() => Promise.resolve({ default: Page }));
    const Lazy = lazyPage(load);
    const preloads = [Lazy.preload(), Lazy.preload()];
    renderInSuspense(Lazy);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(() => Promise.all(preloads));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a chunk failed to load, so a later visit can succeed', async () => {
    const load = jest
      .fn<Promise<{ default: typeof Page }>, []>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce({ default: Page });
    const Lazy = lazyPage(load);
    await expect(Lazy.preload()).rejects.toThrow('network');
    await Lazy.preload();
    renderInSuspense(Lazy);
    expect(screen.getByText('the page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('whenIdle', () => {
  afterEach(() => {
    jest.useRealTimers();
    delete (window as Partial<Window>).requestIdleCallback;
    delete (window as Partial<Window>).cancelIdleCallback;
  });

  it('runs the task when the browser is idle, at the latest after the timeout, and not once cancelled', () => {
    const callbacks = new Map<number, () => void>();
    const request = jest.fn((callback: () => void, _options?: { timeout: number }) => {
      callbacks.set(callbacks.size + 1, callback);
      return callbacks.size;
    });
    window.requestIdleCallback = request as unknown as typeof window.requestIdleCallback;
    window.cancelIdleCallback = (handle: number) => void callbacks.delete(handle);
    const task = jest.fn();
    whenIdle(task, 2000);
    const cancel = whenIdle(task);
    expect(request.mock.calls.map((call) => call[1])).toEqual([{ timeout: 2000 }, { timeout: 3000 }]);
    cancel();
    expect(task).not.toHaveBeenCalled();
    for (const callback of callbacks.values()) callback();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits a second where there is no idle callback', () => {
    jest.useFakeTimers();
    const task = jest.fn();
    whenIdle(task);
    jest.advanceTimersByTime(999);
    expect(task).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    const cancelled = jest.fn();
    whenIdle(cancelled)();
    jest.advanceTimersByTime(5000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
