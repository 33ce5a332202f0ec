/**
 * The access token lives in sessionStorage (`token`, `tokenAccessTime`), so it dies with the tab;
 * the refresh token is an httpOnly cookie the script never sees.
 */
export const TOKEN_KEY = 'token';
export const TOKEN_TIME_KEY = 'tokenAccessTime';
/** Kept across sign-out (spec 01 §3): the remembered organisation and the pending post-login path. */
export const LAST_ORG_KEY = 'lastOrgId';
export const POST_LOGIN_KEY = 'postLoginPath';
/** Refresh when less than this is left, so a request never leaves with a token about to expire. */
const EXPIRY_MARGIN_MS = 30_000;

export function readToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
  sessionStorage.setItem(TOKEN_TIME_KEY, String(Date.now()));
}

/** Expiry (ms) read from the JWT's exp claim; 0 when unreadable. */
export function tokenExpiry(token: string): number {
  try {
    const payload = token.split('.')[1];
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof json.exp === 'number' ? json.exp * 1000 : 0;
  } catch {
    return 0;
  }
}

export const tokenIsFresh = (token: string | null, now = Date.now()): token is string =>
  !!token && tokenExpiry(token) - EXPIRY_MARGIN_MS > now;

/** Clears local and session storage except the remembered organisation and pending path. */
export function clearStorageOnLogout(): void {
  const keep = (store: Storage, keys: string[]) => {
    const saved = keys.map((k) => [k, store.getItem(k)] as const);
    store.clear();
    for (const [k, v] of saved) if (v !== null) store.setItem(k, v);
  };
  try {
    keep(localStorage, [LAST_ORG_KEY, POST_LOGIN_KEY, 'language']);
    keep(sessionStorage, [LAST_ORG_KEY, POST_LOGIN_KEY]);
  } catch {
    // Storage unavailable: nothing to clear.
  }
}
