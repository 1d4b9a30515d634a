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
