import { createHash, randomBytes } from 'node:crypto';
import { AuthErrorCode, type TOidcCallbackQuery } from '../../shared/contract/auth';
import { authorizationUrl, exchangeCode, OidcError, type OidcSettings } from '../adapters/oidc/oidc-client';
import type { AppDeps } from '../http/context';
import { AppError } from '../http/errors';
import { findUserByEmail, insertUser, updateUser } from './auth.repo';
import type { SessionService } from './session.service';
import { insertOidcLogin, takeOidcLogin } from './sessions.repo';

const LOGIN_TTL_MS = 10 * 60 * 1000;
const CALLBACK_PAGE = '/editor/callback';

/** Only same-site paths: an absolute or protocol-relative `next` would be an open redirect. */
export function safeNext(next: string | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

export function oidcSettings(env: AppDeps['env']): OidcSettings | null {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env;
  return issuer && clientId && clientSecret ? { issuer, clientId, clientSecret } : null;
}

const random = () => randomBytes(32).toString('base64url');

export function createOidcService(deps: AppDeps, sessions: SessionService) {
  const db = deps.database.db;
  const settings = oidcSettings(deps.env);
  const enabled = () => {
    if (!settings) throw new AppError(AuthErrorCode.OIDC_DISABLED, 404, 'OIDC sign-in is not configured');
    return settings;
  };

  return {
    /** Stores state, nonce and the PKCE verifier (in the database, so any process can finish) and builds the URL. */
    async start(next: string | undefined, origin: string): Promise<string> {
      const cfg = enabled();
      const state = random();
      const nonce = random();
      const codeVerifier = random();
      const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
      await insertOidcLogin(db, {
        state,
        nonce,
        codeVerifier,
        next: safeNext(next),
        expiresAt: new Date(Date.now() + LOGIN_TTL_MS),
      });
      return authorizationUrl(cfg, {
        redirectUri: `${origin}/api/auth/oidc/callback`,
        state,
        nonce,
        codeChallenge,
      });
    },

    /** Never throws: every failure becomes a redirect with a short reason the page can show. */
    async callback(
      q: TOidcCallbackQuery,
      origin: string,
    ): Promise<{ location: string; refreshToken?: string }> {
      const cfg = enabled();
      const fail = (reason: string) => ({ location: `${CALLBACK_PAGE}?error=${encodeURIComponent(reason)}` });
      try {
        // The provider's error code is shown to the user: keep it to a short token.
        if (q.error) return fail(q.error.replace(/[^\w.-]/g, '').slice(0, 64) || 'provider_error');
        if (!q.code || !q.state) return fail('invalid_request');
        const login = await takeOidcLogin(db, q.state);
        if (!login || login.expiresAt.getTime() <= Date.now()) return fail('invalid_state');
        const who = await exchangeCode(cfg, {
          code: q.code,
          redirectUri: `${origin}/api/auth/oidc/callback`,
          codeVerifier: login.codeVerifier,
          nonce: login.nonce,
        });
        if (!who.email) return fail('no_email');
        if (!who.emailVerified) return fail('email_not_verified');
        const user = await linkUser(who.email, who.name);
        const { refreshToken } = await sessions.start(user);
        return { location: `${CALLBACK_PAGE}?next=${encodeURIComponent(login.next ?? '/')}`, refreshToken };
      } catch (err) {
        const reason = err instanceof OidcError ? err.reason : 'sign_in_failed';
        deps.logger.warn('oidc sign-in failed', { error: (err as Error).message });
        return fail(reason);
      }
    },
  };

  /** Links by verified e-mail, or creates a verified account. */
  async function linkUser(email: string, name: string | null) {
    const existing = await findUserByEmail(db, email);
    if (existing) {
      if (existing.emailVerified) return existing;
      // An unverified account's password was never proven to belong to the mailbox owner; someone may
      // have registered the address first to hijack it later. The issuer proved ownership: drop it.
      const patch = { emailVerified: true, passwordHash: null, fullname: existing.fullname || (name ?? '') };
      return (await updateUser(db, existing.id, patch)) ?? existing;
    }
    const created = await insertUser(db, {
      email,
      passwordHash: null,
      fullname: name ?? '',
      emailVerified: true,
    });
    const user = created ?? (await findUserByEmail(db, email));
    if (!user) throw new Error('user vanished during OIDC sign-in');
    return user;
  }
}
