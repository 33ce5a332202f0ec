import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_HINT_COOKIE } from '../../shared/api/session-hint';
import { REFRESH_COOKIE } from '../../shared/contract/auth';
import type { TEnv } from '../env';

/** Only /api/auth (refresh, logout, OIDC callback) ever needs the refresh token. */
const PATH = '/api/auth';
// Browsers cap cookie lifetimes at 400 days, and hono refuses a longer Max-Age.
const MAX_AGE_CAP = 400 * 24 * 3600;

const secure = (env: TEnv) => (env.PUBLIC_URL ?? '').startsWith('https:');

const maxAge = (env: TEnv) => Math.min(env.REFRESH_TOKEN_TTL_DAYS * 24 * 3600, MAX_AGE_CAP);

/**
 * The refresh cookie, and beside it the session hint (readable by the page, Path=/, same lifetime):
 * the two are always set and cleared together so the hint never outlives the session it announces.
 */
export function setRefreshCookie(c: Context, env: TEnv, token: string): void {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: PATH,
    secure: secure(env),
    maxAge: maxAge(env),
  });
  setSessionHint(c, env);
}

export function setSessionHint(c: Context, env: TEnv): void {
  setCookie(c, SESSION_HINT_COOKIE, '1', {
    sameSite: 'Strict',
    path: '/',
    secure: secure(env),
    maxAge: maxAge(env),
  });
}

export function clearRefreshCookie(c: Context, env: TEnv): void {
  deleteCookie(c, REFRESH_COOKIE, { path: PATH, secure: secure(env), httpOnly: true, sameSite: 'Strict' });
  deleteCookie(c, SESSION_HINT_COOKIE, { path: '/', secure: secure(env), sameSite: 'Strict' });
}

export const hasSessionHint = (c: Context) => getCookie(c, SESSION_HINT_COOKIE) !== undefined;

export function readRefreshCookie(c: Context): string | undefined {
  return getCookie(c, REFRESH_COOKIE) || undefined;
}
