/**
 * A readable cookie (Path=/, value 1) set and cleared with the refresh cookie. Its name lives here,
 * not in contract/auth.ts, so the player reads it without loading zod.
 */
export const SESSION_HINT_COOKIE = 'fl_session';

/**
 * Whether this browser may hold a session, read from the hint cookie the server sets beside the
 * refresh cookie and clears with it (src/server/auth/cookies.ts). The refresh cookie itself is
 * HttpOnly and scoped to /api/auth, so the page cannot see it; without the hint, a signed-out start
 * would have to ask /api/auth/refresh and get a 401 the browser logs as an error. The hint is not a
 * secret and grants nothing: it only saves a request that cannot succeed. It is a cookie, not
 * localStorage, so it expires with the refresh cookie, is readable offline (the installed app opened
 * without network still tries its saved session) and follows sign-ins the server completes by
 * redirect (OIDC) or in another tab.
 */
export function mayHaveSession(): boolean {
  if (typeof document === 'undefined') return true;
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}
