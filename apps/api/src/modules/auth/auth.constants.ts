/** The session cookie's name, for clearing it on logout and deletion. */
export const SESSION_COOKIE_NAME = Symbol('SESSION_COOKIE_NAME');
