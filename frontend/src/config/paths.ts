/** Every route of the SPA in one place (part 1 §2, part 2 §2). */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  verifyEmail: '/verify-email',
  resendVerification: '/resend-verification',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  profile: '/profile',
  portrait: '/profile/portrait',
  admin: '/admin',
  terms: '/terms',
  privacy: '/privacy',
  faq: '/faq',
  valueExplorer: '/valueexplorer',
  reflect: '/reflect',
  yearCompass: '/yearcompass',
  yearCompassApp: '/yearcompass/app',
  journal: '/journal',
  interview: '/interview',
} as const;

/** Session-storage key read once on load (part 1 §2 "App shell"). */
export const REDIRECT_AFTER_LOAD_KEY = 'redirectAfterLoad';
/** Local-storage key of a visitor's chosen language. */
export const LANGUAGE_STORAGE_KEY = 'language';
