import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { REFRESH_COOKIE } from '../../shared/contract/auth';
import type { TEnv } from '../env';

/** Only /api/auth (refresh, logout, OIDC callback) ever needs the refresh token. */
const PATH = '/api/auth';
// Browsers cap cookie lifetimes at 400 days, and hono refuses a longer Max-Age.
const MAX_AGE_CAP = 400 * 24 * 3600;

const secure = (env: TEnv) => (env.PUBLIC_URL ?? '').startsWith('https:');

export function setRefreshCookie(c: Context, env: TEnv, token: string): void {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: PATH,
    secure: secure(env),
    maxAge: Math.min(env.REFRESH_TOKEN_TTL_DAYS * 24 * 3600, MAX_AGE_CAP),
  });
}

export function clearRefreshCookie(c: Context, env: TEnv): void {
  deleteCookie(c, REFRESH_COOKIE, { path: PATH, secure: secure(env), httpOnly: true, sameSite: 'Strict' });
}

export function readRefreshCookie(c: Context): string | undefined {
  return getCookie(c, REFRESH_COOKIE) || undefined;
}
