import { proxy } from 'valtio';
import { ApiError } from '../../shared/api/http';
import { mayHaveSession } from '../../shared/api/session-hint';
import type { TUser } from '../../shared/contract/auth';
import { authApi } from './auth.api';
import { clearStorageOnLogout, readToken, storeToken, tokenIsFresh } from './auth.session';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export const auth = proxy({
  status: 'loading' as AuthStatus,
  user: null as TUser | null,
  /** Set when a session ends on a guarded page; drives the Session Expired dialog. */
  sessionExpired: false,
  oidcEnabled: false,
  oidcProviderName: 'Google',
});

let refreshing: Promise<string | null> | null = null;
/** The last refresh could not reach the server (offline), as opposed to being refused. */
let refreshUnreachable = false;

/** Exchanges the refresh cookie for a new access token, once at a time across tabs. */
async function refreshOnce(): Promise<string | null> {
  const run = async () => {
    // Another tab may have refreshed while we waited for the lock; its cookie is ours too.
    const current = readToken();
    if (tokenIsFresh(current)) return current;
    try {
      const res = await authApi.refresh();
      refreshUnreachable = false;
      storeToken(res.accessToken);
      auth.user = res.user;
      return res.accessToken;
    } catch (err) {
      refreshUnreachable = err instanceof ApiError && (err.kind === 'network' || err.kind === 'offline');
      // A race with another tab inside the server's grace window: its new cookie is already set.
      if (err instanceof ApiError && err.errorCode === 'REFRESH_RACE') {
        const res = await authApi.refresh().catch(() => null);
        if (res) {
          storeToken(res.accessToken);
          auth.user = res.user;
          return res.accessToken;
        }
      }
      return null;
    }
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('flowlearn-refresh', run) : run();
}

/** A valid access token, refreshed first when it is missing or about to expire; null when signed out. */
export function getAccessToken(): Promise<string | null> {
  const token = readToken();
  if (tokenIsFresh(token)) return Promise.resolve(token);
  if (auth.status === 'signedOut') return Promise.resolve(null);
  // No session hint cookie: no refresh cookie either, and asking would only log a 401.
  if (!mayHaveSession()) return Promise.resolve(null);
  refreshing ??= refreshOnce().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The saved user when /auth/me comes from the worker's cache; if the network came back meanwhile, a real check. */
async function userWhileOffline(): Promise<TUser | null> {
  try {
    return (await authApi.me()).user;
  } catch {
    const token = await getAccessToken();
    return token ? ((await authApi.me().catch(() => null))?.user ?? null) : null;
  }
}

/** At app start: a fresh token in this tab, or a refresh cookie from an earlier visit, signs us in. */
export async function initAuth(): Promise<void> {
  const configLoad = authApi.config().catch(() => null);
  // With the hint the refresh starts at once; without it, /auth/config (which sets the hint for a
  // refresh cookie from before the hint existed) answers first, then the hint is read again.
  const token = await (mayHaveSession() ? getAccessToken() : configLoad.then(getAccessToken));
  const config = await configLoad;
  if (config) {
    auth.oidcEnabled = config.oidcEnabled;
    auth.oidcProviderName = config.oidcProviderName;
  }
  if (!token) {
    // Offline with no fresh token (a new tab, the installed app opened offline): the refresh cookie
    // could not even be tried. The service worker's saved copy of /auth/me (the user last signed in
    // here; sign-out clears it) keeps the app usable; the first call online refreshes for real.
    auth.user = refreshUnreachable ? await userWhileOffline() : null;
    auth.status = auth.user ? 'signedIn' : 'signedOut';
    return;
  }
  if (!auth.user) auth.user = (await authApi.me().catch(() => null))?.user ?? null;
  auth.status = auth.user ? 'signedIn' : 'signedOut';
}

export function acceptSession(accessToken: string, user: TUser): void {
  storeToken(accessToken);
  auth.user = user;
  auth.status = 'signedIn';
  auth.sessionExpired = false;
}

export async function signIn(email: string, password: string): Promise<TUser> {
  const res = await authApi.login({ email, password });
  acceptSession(res.accessToken, res.user);
  return res.user;
}

/**
 * Ends the session everywhere (global sign-out) and clears local state.
 * `expired` marks a session that ended by itself, so guarded pages show the dialog.
 */
export async function signOut(opts: { expired?: boolean; callServer?: boolean } = {}): Promise<void> {
  const wasSignedIn = auth.status === 'signedIn';
  if (opts.callServer !== false) await authApi.logout().catch(() => undefined);
  clearStorageOnLogout();
  auth.user = null;
  auth.status = 'signedOut';
  if (opts.expired && wasSignedIn) auth.sessionExpired = true;
}

export function dismissSessionExpired(): void {
  auth.sessionExpired = false;
}
