import type { InterviewErrorCode } from './interview';
import type { JournalErrorCode } from './journal';
import type { Language } from './languages';
import type { ReflectErrorCode } from './reflect';
import type { HelplineSet } from './safety';
import type { ValueExplorerErrorCode } from './value-explorer';
import type { YearCompassErrorCode } from './year-compass';

/** One error body shape for every endpoint. */
export interface ApiErrorBody {
  statusCode: number;
  message: string;
  error: string;
  /** A stable machine-readable reason for domain errors, which the SPA translates. */
  code?: ApiErrorCode;
}

export type ApiErrorCode =
  | 'rate_limited'
  | 'invalid_credentials'
  | 'email_not_verified'
  | 'email_taken'
  | 'password_too_short'
  | 'password_too_long'
  | 'password_too_common'
  | 'password_incorrect'
  | 'token_invalid'
  | 'not_authenticated'
  | 'forbidden'
  | 'method_not_allowed'
  | 'file_too_large'
  | 'unsupported_file_type'
  | 'no_file'
  | 'transcription_not_configured'
  | 'transcription_failed'
  | 'assistant_busy'
  | 'assistant_failed'
  | ValueExplorerErrorCode
  | ReflectErrorCode
  | YearCompassErrorCode
  | JournalErrorCode
  | InterviewErrorCode;

export type UserRole = 'user' | 'admin';

/** The user as the session check and login return it. */
export interface SessionUser {
  email: string;
  full_name: string;
  language: Language;
  is_clinician: boolean;
  role: UserRole;
}

export interface AuthCheckResponse {
  authenticated: boolean;
  user?: SessionUser;
}

export type ComponentStatus = 'up' | 'down';

export interface HealthResponse {
  status: 'ok' | 'error';
  database: { status: ComponentStatus; driver: 'embedded' | 'external' };
  redis: { status: ComponentStatus | 'not_configured' };
  queue: { driver: 'bull' | 'in-process'; status: ComponentStatus };
  mail: { driver: 'smtp' | 'log' };
  ai: {
    provider: 'openai' | 'offline';
    chat: 'openai' | 'offline';
    transcription: 'openai' | 'not_configured';
    images: 'openai' | 'offline';
  };
}

/** Public settings the SPA needs before login (contact address, company details). */
export interface PublicAppConfig {
  contactEmail: string;
  companyName: string;
  companyRegistrationNumber: string;
  /** Whether speech can be transcribed (a provider is configured); the SPA hides the microphone otherwise. */
  transcriptionAvailable: boolean;
  /** The help shown with crisis replies and on the help card, per language (the operator's, else the defaults). */
  helplines: Record<Language, HelplineSet>;
}
