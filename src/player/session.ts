import { api } from '../shared/api/http';
import { mayHaveSession } from '../shared/api/session-hint';
import type { TJoinedAssignment } from '../shared/contract/assignments';
import type { TSessionResponse } from '../shared/contract/auth';
import type { TGuestJoinResponse } from '../shared/contract/player-guest';

/**
 * The learner's session, light: the same sessionStorage token as the editor (so signing in on one
 * opens the other in this tab) and the refresh cookie, without the editor's auth feature.
 */
const TOKEN_KEY = 'token';
const TOKEN_TIME_KEY = 'tokenAccessTime';

function claims(token: string): { exp?: unknown; guest?: unknown } {
  try {
    return JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return {};
  }
}

function expiry(token: string): number {
  const exp = claims(token).exp;
  return typeof exp === 'number' ? exp * 1000 : 0;
}

/** A guest learner's token (joined with a name only): it opens the assignment they joined, nothing else. */
export const isGuestToken = (token: string): boolean => claims(token).guest === true;

const read = (): string | null => {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
};

function store(token: string): void {
  try {
    sessionStorage.setItem(TOKEN_KEY, token);
    sessionStorage.setItem(TOKEN_TIME_KEY, String(Date.now()));
  } catch {
    // Private mode without storage: the token lives until the page closes.
  }
  memory = token;
}

let memory: string | null = null;
let refreshing: Promise<string | null> | null = null;

/**
 * A refresh cookie from before the session hint existed has no hint beside it: once per browser,
 * /auth/config (under the refresh cookie's path) sets the hint if that cookie is there, so a learner
 * or guest signed in before an upgrade is not taken for signed out. Afterwards the hint decides alone.
 */
const HINT_CHECKED_KEY = 'sessionHintChecked';
let hintCheck: Promise<boolean> | null = null;
function mayHaveSessionChecked(): Promise<boolean> {
  if (mayHaveSession()) return Promise.resolve(true);
  try {
    if (localStorage.getItem(HINT_CHECKED_KEY)) return Promise.resolve(false);
  } catch {
    return Promise.resolve(false);
  }
  hintCheck ??= api
    .get('auth/config', { anonymous: true, quiet: true })
    .then(() => {
      localStorage.setItem(HINT_CHECKED_KEY, '1');
      return mayHaveSession();
    })
    .catch(() => false);
  return hintCheck;
}

/** A fresh access token (refreshed with the cookie when needed), or null when signed out. */
export function getAccessToken(): Promise<string | null> {
  const token = read() ?? memory;
  if (token && expiry(token) - Date.now() > 30_000) return Promise.resolve(token);
  // No session hint cookie, no refresh cookie: a signed-out learner's start asks nothing (no 401).
  return mayHaveSessionChecked().then((may) => (may ? refresh() : null));
}

function refresh(): Promise<string | null> {
  refreshing ??= api
    .post('auth/refresh', {}, { anonymous: true, quiet: true })
    .then((answer) => {
      const res = answer as TSessionResponse;
      store(res.accessToken);
      return res.accessToken;
    })
    .catch(() => null)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

export async function signIn(email: string, password: string): Promise<void> {
  const res = (await api.post(
    'auth/login',
    { email, password },
    { anonymous: true, quiet: true },
  )) as TSessionResponse;
  store(res.accessToken);
}

/**
 * Joins an assignment that needs no sign-in with a display name (src/shared/contract/player-guest.ts).
 * A guest who already joined it (their token goes along) leaves the name out and keeps their session;
 * the refresh cookie keeps it when the phone comes back later.
 */
export async function joinAsGuest(code: string, name?: string): Promise<TJoinedAssignment> {
  const res = (await api.post('player/guest/join', name === undefined ? { code } : { code, name }, {
    quiet: true,
  })) as TGuestJoinResponse;
  if (res.session) store(res.session.accessToken);
  return res.data;
}
