import type { Language } from './languages';
import type { SessionUser } from './api';

/** Account limits. Password strength beyond length is a common-password check (server). */
export const ACCOUNT_LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  fullNameMax: 100,
  emailMax: 254,
} as const;

export const TOKEN_LIFETIMES_MS = {
  verifyEmail: 24 * 60 * 60 * 1000,
  resetPassword: 60 * 60 * 1000,
} as const;

/** Portrait uploads: checked by their bytes, re-encoded to this square size. */
export const PORTRAIT_SIZE_PX = 512;
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export interface LoginRequest {
  email: string;
  password: string;
}
export type LoginResponse = { success: true; user: SessionUser } | { success: false; error: string; code?: string };

export interface RegisterRequest {
  email: string;
  password: string;
  full_name: string;
  language: Language;
  termsAccepted: boolean;
}

export interface MessageResponse {
  message: string;
}

/** GET /api/email/verify: alreadyVerified when a signup link is followed again after it worked. */
export interface VerifyEmailResponse extends MessageResponse {
  alreadyVerified?: boolean;
}

export interface ResendVerificationRequest {
  email: string;
  language?: Language;
}
export interface ResetPasswordRequest {
  email: string;
}
export interface ResetPasswordConfirmRequest {
  token: string;
  newPassword: string;
}
export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

export interface ProfileResponse {
  email: string;
  full_name: string;
  language: Language;
  /** A new address waiting for its verification link, if any. */
  pending_email: string | null;
  is_clinician: boolean;
  role: SessionUser['role'];
  created_at: string;
}
export interface ProfileUpdateRequest {
  email: string;
  fullName: string;
  language: Language;
}
export interface ProfileUpdateResponse extends MessageResponse {
  profile: ProfileResponse;
  /** True when a verification link was sent to a new address. */
  emailChangePending: boolean;
}

export interface PortraitResponse {
  /** Changes whenever the portrait changes; null without a portrait. */
  url: string | null;
}

export interface AdminUserRow {
  full_name: string;
  email: string;
}
export interface AdminUsersResponse {
  items: AdminUserRow[];
  total: number;
  page: number;
  pageSize: number;
}
export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;
