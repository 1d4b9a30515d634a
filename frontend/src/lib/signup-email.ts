/**
 * The address just signed up with, kept in this browser until the verification link is
 * followed, so the login form after verification can be filled in. Only the address is kept,
 * and it is removed when read. Storage that is unavailable (private windows) just means no pre-fill.
 */
const KEY = 'clari.signupEmail';

export function rememberSignupEmail(email: string): void {
  try {
    localStorage.setItem(KEY, email);
  } catch {
    // No storage: the login form starts empty.
  }
}

export function takeSignupEmail(): string | undefined {
  try {
    const email = localStorage.getItem(KEY) ?? undefined;
    localStorage.removeItem(KEY);
    return email || undefined;
  } catch {
    return undefined;
  }
}
