import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useState, type ReactNode } from 'react';
import { Link, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { GuardedBrowserRouter, useLeaveBlocker } from './guarded-router';

/** A page with unsaved work while its box is ticked; it shows the held move's question. */
function Editor() {
  const [unsaved, setUnsaved] = useState(true);
  const blocker = useLeaveBlocker(unsaved);
  const navigate = useNavigate();
  return (
    <div>
      <h1>Editor</h1>
      <label>
        unsaved
        <input type="checkbox" checked={unsaved} onChange={(event) => setUnsaved(event.target.checked)} />
      </label>
      <Link to="/elsewhere">Leave by link</Link>
      <button onClick={() => navigate('/editor?tab=2')}>Same page, other query</button>
      <button onClick={() => navigate('/elsewhere', { replace: true })}>Leave by replace</button>
      {blocker.state === 'blocked' && (
        <div role="dialog">
          <button onClick={blocker.reset}>Stay</button>
          <button onClick={blocker.proceed}>Leave</button>
        </div>
      )}
    </div>
  );
}

function renderApp() {
  return render(
    <StrictMode>
      <GuardedBrowserRouter>
        <Routes>
          <Route path="/" element={<Navigate to="/editor" />} />
          <Route path="/editor" element={<Editor />} />
          <Route path="/elsewhere" element={<h1>Elsewhere</h1>} />
        </Routes>
      </GuardedBrowserRouter>
    </StrictMode>,
  );
}

/** The browser's back button: jsdom fires popstate after a task, as browsers do. */
async function back() {
  await act(async () => {
    window.history.back();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

describe('GuardedBrowserRouter', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('shows pages as the browser router does, redirects included', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Editor' });
    expect(window.location.pathname).toBe('/editor');
  });

  it('holds a link away from unsaved work: Stay keeps the page, Leave goes', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Editor' });
    act(() => screen.getByRole('link', { name: 'Leave by link' }).click());
    await screen.findByRole('dialog');
    expect(window.location.pathname).toBe('/editor');

    act(() => screen.getByRole('button', { name: 'Stay' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.location.pathname).toBe('/editor');
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeTruthy();

    act(() => screen.getByRole('button', { name: 'Leave by replace' }).click());
    await screen.findByRole('dialog');
    act(() => screen.getByRole('button', { name: 'Leave' }).click());
    await screen.findByRole('heading', { name: 'Elsewhere' });
    expect(window.location.pathname).toBe('/elsewhere');
  });

  it('lets moves within the same page through, and everything once the work is saved', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Editor' });
    act(() => screen.getByRole('button', { name: 'Same page, other query' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.location.search).toBe('?tab=2');

    act(() => screen.getByRole('checkbox', { name: 'unsaved' }).click());
    act(() => screen.getByRole('link', { name: 'Leave by link' }).click());
    await screen.findByRole('heading', { name: 'Elsewhere' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/** A page with one button that moves to `to`. */
function GoTo({ to, label }: { to: string; label: string }) {
  const navigate = useNavigate();
  return <button onClick={() => navigate(to)}>{label}</button>;
}

/** The pages (path → element) under a guarded router, without StrictMode. */
function renderPages(pages: Record<string, ReactNode>) {
  render(
    <GuardedBrowserRouter>
      <Routes>
        {Object.entries(pages).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Routes>
    </GuardedBrowserRouter>,
  );
}

describe('GuardedBrowserRouter and the back button', () => {
  it('steps a held back move forward again, unseen by the page, and goes back on Leave', async () => {
    window.history.replaceState(null, '', '/elsewhere');
    renderPages({ '/elsewhere': <GoTo to="/editor" label="To the editor" />, '/editor': <Editor /> });
    act(() => screen.getByRole('button', { name: 'To the editor' }).click());
    await screen.findByRole('heading', { name: 'Editor' });

    await back();
    await screen.findByRole('dialog');
    await waitFor(() => expect(window.location.pathname).toBe('/editor'));
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeTruthy();

    act(() => screen.getByRole('button', { name: 'Stay' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();

    await back();
    await screen.findByRole('dialog');
    await act(async () => {
      screen.getByRole('button', { name: 'Leave' }).click();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await screen.findByRole('button', { name: 'To the editor' });
    expect(window.location.pathname).toBe('/elsewhere');
  });

  it('keeps the address and the page together when back is pressed twice in a row', async () => {
    window.history.replaceState(null, '', '/elsewhere');
    renderPages({
      '/elsewhere': <GoTo to="/second" label="To the second page" />,
      '/second': <GoTo to="/editor" label="To the editor" />,
      '/editor': <Editor />,
    });
    act(() => screen.getByRole('button', { name: 'To the second page' }).click());
    act(() => screen.getByRole('button', { name: 'To the editor' }).click());
    await screen.findByRole('heading', { name: 'Editor' });

    await act(async () => {
      window.history.back();
      window.history.back();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await screen.findByRole('dialog');
    await waitFor(() => expect(window.location.pathname).toBe('/editor'));
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeTruthy();

    act(() => screen.getByRole('button', { name: 'Stay' }).click());
    // Staying leaves the page where it is: a link still works from the right entry.
    act(() => screen.getByRole('checkbox', { name: 'unsaved' }).click());
    await back();
    await screen.findByRole('button', { name: 'To the editor' });
    expect(window.location.pathname).toBe('/second');
  });
});
