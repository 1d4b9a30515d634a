import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { elementsAt, lazyPage, preloadersFor } from './lazy-page';

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

  it('keeps the loader the lazy component itself uses', () => {
    expect(Areas.preload).toBe(chunk);
  });
});
