/**
 * Whether this browser's last session check found someone signed in. While the next check
 * runs, the app shell keeps the top bar's place for them, so that the page does not move down
 * when the bar arrives (a layout shift). A hint only: the session check decides.
 */
const KEY = 'clari.signedIn';

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode: no hint, the bar's place is not kept.
  }
}

export function probablySignedIn(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
