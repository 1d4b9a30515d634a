import { act, render, screen } from '@testing-library/react';
import '../../lib/i18n';
import { startSessionCheck } from '../../lib/auth-api';
import { ToastProvider } from '../ToastProvider';
import { AuthProvider, useAuth } from './AuthProvider';
import { answerFetchWith } from '../../lib/testing/answering-fetch';

const signedIn = { authenticated: true, user: { email: 'a@example.com', full_name: 'Ada', language: 'en' } };

/** Every session state the page rendered, in order. */
function renderStates() {
  const seen: string[] = [];
  function Probe() {
    const { status, user } = useAuth();
    seen.push(`${status}${user ? ` ${user.email}` : ''}`);
    return <p>{status}</p>;
  }
  render(
    <ToastProvider>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </ToastProvider>,
  );
  return seen;
}

describe('AuthProvider and the first session check', () => {
  let fetchMock: jest.Mock;
  beforeEach(() => {
    localStorage.clear();
    fetchMock = answerFetchWith(signedIn);
  });

  it('starts from the session when the check answered before the first render: no loading state, one request', async () => {
    await startSessionCheck();
    const seen = renderStates();
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(seen[0]).toBe('authenticated a@example.com');
    expect(seen.every((state) => state === 'authenticated a@example.com')).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the loading state until a check that is still running answers', async () => {
    void startSessionCheck();
    const seen = renderStates();
    expect(seen[0]).toBe('loading');
    expect(await screen.findByText('authenticated')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('AuthProvider when the server cannot be reached', () => {
  const realFetch = global.fetch;
  let quiet: jest.SpyInstance;
  beforeEach(() => {
    localStorage.clear();
    quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    quiet.mockRestore();
    global.fetch = realFetch;
    jest.useRealTimers();
  });

  it('never shows someone who was signed in as signed out, and asks again until the server answers', async () => {
    localStorage.setItem('clari.signedIn', '1');
    jest.useFakeTimers();
    let reachable = false;
    global.fetch = jest.fn(async () => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return { ok: true, status: 200, statusText: 'OK', text: async () => JSON.stringify(signedIn) } as Response;
    }) as typeof fetch;
    void startSessionCheck();
    const seen = renderStates();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(seen).not.toContain('anonymous');
    expect(screen.getByText('loading')).toBeTruthy();
    reachable = true;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2_500);
    });
    expect(screen.getByText('authenticated')).toBeTruthy();
    expect(seen).not.toContain('anonymous');
  });

  it('signs out only on the server’s own answer that there is no session', async () => {
    global.fetch = jest.fn(async () => ({
      ok: false,
      status: 401,
      statusText: 'Unauthorized',
      text: async () => JSON.stringify({ message: 'Please log in to continue.' }),
    })) as unknown as typeof fetch;
    void startSessionCheck();
    renderStates();
    expect(await screen.findByText('anonymous')).toBeTruthy();
  });
});
