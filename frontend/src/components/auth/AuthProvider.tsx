import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthCheckResponse, ProfileUpdateRequest, ProfileUpdateResponse, SessionUser } from '@clari/contracts';
import { isLanguage } from '@clari/contracts/languages';
import { useToast } from '../ToastProvider';
import { api, ApiError } from '../../lib/api';
import i18n, { profileLanguage, setLanguage } from '../../lib/i18n';
import { forgetSessionData } from '../../lib/session-end';
import { checkSession, firstSessionAnswer, logout as logoutCall, takeFirstSessionCheck } from '../../lib/auth-api';
import { forgetDrafts } from '../../lib/drafts/draft-store';
import { probablySignedIn, rememberSignedIn } from './signed-in-hint';

/** How soon an unanswered session check is asked again, doubling up to the longest wait. */
const SESSION_RETRY_FIRST_MS = 2_000;
const SESSION_RETRY_MAX_MS = 30_000;

/** The server's own answer that there is no session (as opposed to no answer at all). */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

interface AuthState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Re-reads the session from the server (after login, profile changes, …). */
  refresh(): Promise<void>;
  /** Ends the session; the user is cleared locally even if the call fails (part 1 §4). */
  logout(): Promise<void>;
  /**
   * Ends the session and reloads the app at `to`, so nothing of the user's data stays in
   * memory and no protected page reacts to the cleared user on the way out.
   */
  signOutAndLeave(to?: string): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

function sessionFrom(answer: AuthCheckResponse | undefined): { status: SessionStatus; user: SessionUser | null } {
  if (!answer) return { status: 'loading', user: null };
  return answer.authenticated && answer.user
    ? { status: 'authenticated', user: answer.user }
    : { status: 'anonymous', user: null };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // The first render starts from the session when its check has answered before it (main.tsx
  // waits for it); the effect below applies the same answer again, which changes nothing.
  const [first] = useState(() => sessionFrom(firstSessionAnswer()));
  const [status, setStatus] = useState<SessionStatus>(first.status);
  const [user, setUser] = useState<SessionUser | null>(first.user);

  const signedInEmail = useRef<string | null>(null);

  /** The user is gone locally, with whatever of theirs the page still holds (cached chats and server data). */
  const clearUser = useCallback(() => {
    forgetSessionData();
    rememberSignedIn(false);
    signedInEmail.current = null;
    setUser(null);
    setStatus('anonymous');
  }, []);

  const apply = useCallback(
    (result: AuthCheckResponse) => {
      if (!result.authenticated || !result.user) return clearUser();
      // Another account in the same tab (e.g. after an expired session) must not see cached chats or data.
      if (signedInEmail.current !== null && signedInEmail.current !== result.user.email) forgetSessionData();
      signedInEmail.current = result.user.email;
      rememberSignedIn(true);
      setUser(result.user);
      setStatus('authenticated');
      setLanguage(result.user.language, { saved: true });
    },
    [clearUser],
  );

  // A check that got no answer (the server unreachable, or failing) says nothing about the session:
  // it is asked again, and only the server's own answer signs anyone out.
  const [unanswered, setUnanswered] = useState(0);
  const fail = useCallback(
    (error: unknown) => {
      console.error('Session check failed', error);
      if (isRefusal(error)) return clearUser();
      setUnanswered((count) => count + 1);
      // A visitor with no sign of a session is shown the page as a visitor meanwhile.
      setStatus((current) => (current === 'loading' && !probablySignedIn() ? 'anonymous' : current));
    },
    [clearUser],
  );

  const refresh = useCallback(
    () =>
      checkSession().then((result) => {
        setUnanswered(0);
        apply(result);
      }, fail),
    [apply, fail],
  );

  useEffect(() => {
    if (unanswered === 0) return;
    const delay = Math.min(SESSION_RETRY_MAX_MS, SESSION_RETRY_FIRST_MS * 2 ** (unanswered - 1));
    const timer = window.setTimeout(() => void refresh(), delay);
    const online = () => void refresh();
    window.addEventListener('online', online);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', online);
    };
  }, [unanswered, refresh]);

  // A signed-in person who switches the page's language (the footer toggle) switches their
  // profile's too, so Clari and the e-mails follow and a reload keeps it; the toast says so.
  const toast = useToast();
  const { t } = useTranslation();
  useEffect(() => {
    const onChange = (language: string) => {
      if (!user || !isLanguage(language) || language === user.language || language === profileLanguage()) return;
      const body: ProfileUpdateRequest = { email: user.email, fullName: user.full_name, language };
      api<ProfileUpdateResponse>('/api/update', { method: 'PUT', body }).then(
        () => {
          setUser((current) => (current ? { ...current, language } : current));
          toast(t('common.languageSaved', { lng: language }), 'success');
        },
        (error: unknown) => {
          console.error('The language could not be saved to the profile', error);
          toast(t('common.languageNotSaved', { lng: language }), 'error');
        },
      );
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [user, toast, t]);

  const logout = useCallback(async () => {
    try {
      await logoutCall();
    } catch (error) {
      console.error('Logout failed', error);
    }
    // Signing out on purpose takes the drafts too; a session that merely expired keeps them.
    forgetDrafts();
    clearUser();
  }, [clearUser]);

  useEffect(() => {
    const controller = new AbortController();
    // Not in a transition: a transition that meets a lazily loaded page waits out React's 300 ms
    // reveal throttle, which put the page's data request 250 ms later (measured).
    takeFirstSessionCheck(controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        setUnanswered(0);
        apply(result);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) fail(error);
      },
    );
    return () => controller.abort();
  }, [apply, fail]);

  const signOutAndLeave = useCallback(async (to = '/') => {
    try {
      await logoutCall();
    } catch (error) {
      console.error('Logout failed', error);
    }
    forgetDrafts();
    rememberSignedIn(false);
    window.location.replace(to);
  }, []);

  const value = useMemo(
    () => ({ status, user, refresh, logout, signOutAndLeave }),
    [status, user, refresh, logout, signOutAndLeave],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The signed-in person, or null (signed out, not known yet, or outside the provider): for keys of local drafts. */
export function useSessionUser(): SessionUser | null {
  return useContext(AuthContext)?.user ?? null;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside AuthProvider');
  return context;
}
