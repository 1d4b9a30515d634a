import type {
  AuthCheckResponse,
  LoginResponse,
  MessageResponse,
  RegisterRequest,
  ResendVerificationRequest,
  ResetPasswordConfirmRequest,
  VerifyEmailResponse,
} from '@clari/contracts';
import { api } from './api';

export const checkSession = (signal?: AbortSignal) => api<AuthCheckResponse>('/api/auth/check', { signal });

let firstCheck: Promise<AuthCheckResponse> | null = null;
let firstAnswer: AuthCheckResponse | undefined;

/**
 * Starts the page's first session check at once (main.tsx), instead of after the first render.
 * index.html preloads the same request, so it usually starts with the page itself, while the
 * app's code loads, and this takes the preloaded answer. Settles when the answer (or a failure)
 * has come.
 */
export function startSessionCheck(): Promise<void> {
  firstAnswer = undefined;
  const check = checkSession();
  firstCheck = check;
  // Whoever takes it handles a failure; until then it must not count as unhandled.
  return check.then(
    (answer) => {
      if (firstCheck === check) firstAnswer = answer;
    },
    () => undefined,
  );
}

/**
 * The first check's answer when it has already come and nobody has taken it yet, so the first
 * render can start from the session instead of a loading state.
 */
export function firstSessionAnswer(): AuthCheckResponse | undefined {
  return firstAnswer;
}

/** The check startSessionCheck started, for the first caller only; otherwise a new check. */
export function takeFirstSessionCheck(signal?: AbortSignal): Promise<AuthCheckResponse> {
  const early = firstCheck;
  firstCheck = null;
  firstAnswer = undefined;
  return early ?? checkSession(signal);
}
export const logout = () => api<unknown>('/api/auth/logout', { method: 'POST' });
export const login = (email: string, password: string) =>
  api<LoginResponse>('/api/auth/login', { method: 'POST', body: { email, password } });
export const register = (body: RegisterRequest) => api<MessageResponse>('/api/auth/register', { method: 'POST', body });
export const verifyEmail = (token: string) =>
  api<VerifyEmailResponse>(`/api/email/verify?token=${encodeURIComponent(token)}`);
export const resendVerification = (body: ResendVerificationRequest) =>
  api<MessageResponse>('/api/email/resend-verification', { method: 'POST', body });
export const requestPasswordReset = (email: string) =>
  api<MessageResponse>('/api/auth/reset-password', { method: 'POST', body: { email } });
export const confirmPasswordReset = (body: ResetPasswordConfirmRequest) =>
  api<MessageResponse>('/api/auth/reset-password/confirm', { method: 'POST', body });
