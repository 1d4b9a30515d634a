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
