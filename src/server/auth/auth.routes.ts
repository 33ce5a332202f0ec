import { Hono } from 'hono';
import {
  AuthErrorCode,
  AuthMessage,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZOidcCallbackQuery,
  ZOidcStartQuery,
  ZResendCodeRequest,
  ZResetPasswordRequest,
  ZSignupRequest,
  ZVerifyRequest,
} from '../../shared/contract/auth';
import { providerName } from '../adapters/oidc/oidc-client';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { AppError } from '../http/errors';
import { orgScope } from '../http/org-scope';
import { enforceRateLimit } from '../http/rate-limit';
import { jsonBody, query } from '../http/validate';
import { createAuthService } from './auth.service';
import {
  clearRefreshCookie,
  hasSessionHint,
  readRefreshCookie,
  setRefreshCookie,
  setSessionHint,
} from './cookies';
import { createOidcService, oidcSettings } from './oidc.service';
import { createSessionService } from './session.service';
import { signInLimits, takeCodeAllowance } from './signin-limits';

/** /api/auth/*: who may call is stated per route; everything but `me` and `logout` is public. */
/** The app's error page for a browser that reached the OIDC routes while sign-in by OIDC is off. */
const OIDC_OFF_PAGE = '/editor/error?reason=oidc-off';
/** A browser navigation (it asks for HTML), not an API call: it gets a page, never raw JSON. */
const wantsPage = (accept: string | undefined) => !!accept?.includes('text/html');

export function authRoutes(deps: AppDeps) {
  const sessions = createSessionService(deps);
  const auth = createAuthService(deps, sessions);
  const oidc = createOidcService(deps, sessions);
  const oidcCfg = oidcSettings(deps.env);
  const origin = (url: string) => deps.env.PUBLIC_URL?.replace(/\/+$/, '') ?? new URL(url).origin;

  return (
    new Hono<AppEnv>()
      // public
      .get('/auth/config', (c) => {
        // A session begun before the hint existed: the client asks this first and refreshes once it sees the hint.
        if (readRefreshCookie(c) && !hasSessionHint(c)) setSessionHint(c, deps.env);
        return c.json({
          oidcEnabled: oidcCfg !== null,
          oidcProviderName: oidcCfg ? providerName(oidcCfg.issuer) : '',
        });
      })
      // public
      .post('/auth/signup', async (c) => {
        const body = await jsonBody(c, ZSignupRequest);
        await enforceRateLimit(c, deps, 'signup', body.email);
        await takeCodeAllowance(deps, body.email);
        await auth.signup(body.email, body.password);
        return c.json({ message: AuthMessage.codeSent, email: body.email }, 201);
      })
      // public
      .post('/auth/verify', async (c) => {
        const body = await jsonBody(c, ZVerifyRequest);
        await enforceRateLimit(c, deps, 'verify', body.email);
        await auth.verify(body.email, body.code, body.password);
        return c.json({ message: AuthMessage.verified });
      })
      // public
      .post('/auth/resend-code', async (c) => {
        const body = await jsonBody(c, ZResendCodeRequest);
        await enforceRateLimit(c, deps, 'resend', body.email);
        await takeCodeAllowance(deps, body.email);
        await auth.resendCode(body.email, body.purpose);
        return c.json({ message: AuthMessage.codeResent });
      })
      // public
      .post('/auth/login', async (c) => {
        const body = await jsonBody(c, ZLoginRequest);
        const limits = signInLimits(c, deps, body.email);
        await limits.before();
        const { session, refreshToken } = await auth.login(body.email, body.password, limits.succeeded);
        setRefreshCookie(c, deps.env, refreshToken);
        return c.json(session);
      })
      // public: the refresh cookie is the credential
      .post('/auth/refresh', async (c) => {
        const { session, refreshToken } = await sessions.refresh(readRefreshCookie(c)).catch((error) => {
          // A refused session ends here: the cookies go, so the next start does not ask again. A race
          // with another tab keeps them (that tab's new cookie is already set).
          if (!(error instanceof AppError && error.code === AuthErrorCode.REFRESH_RACE))
            clearRefreshCookie(c, deps.env);
          throw error;
        });
        setRefreshCookie(c, deps.env, refreshToken);
        return c.json(session);
      })
      // bearer or refresh cookie; always succeeds so a half-expired client can still sign out
      .post('/auth/logout', async (c) => {
        const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
        const claims = bearer ? await deps.tokens.verify(bearer) : null;
        const userId = claims?.userId ?? (await sessions.userOfRefreshToken(readRefreshCookie(c)));
        if (userId) await sessions.revokeAll(userId);
        clearRefreshCookie(c, deps.env);
        return c.json({ message: AuthMessage.signedOut });
      })
      // public
      .post('/auth/forgot-password', async (c) => {
        const body = await jsonBody(c, ZForgotPasswordRequest);
        await enforceRateLimit(c, deps, 'forgot', body.email);
        await takeCodeAllowance(deps, body.email);
        await auth.forgotPassword(body.email);
        return c.json({ message: AuthMessage.forgotSent });
      })
      // public
      .post('/auth/reset-password', async (c) => {
        const body = await jsonBody(c, ZResetPasswordRequest);
        await enforceRateLimit(c, deps, 'reset', body.email);
        await auth.resetPassword(body.email, body.code, body.password);
        return c.json({ message: AuthMessage.passwordUpdated });
      })
      // signed-in user
      .get('/auth/me', requireAuth(deps), orgScope(deps), async (c) => {
        return c.json({ user: await auth.me(c.get('auth').userId) });
      })
      // public; 404 when OIDC is not configured (a browser is sent to the app's error page instead)
      .get('/auth/oidc/start', async (c) => {
        if (!oidcCfg && wantsPage(c.req.header('accept'))) return c.redirect(OIDC_OFF_PAGE, 302);
        const q = query(c, ZOidcStartQuery);
        return c.redirect(await oidc.start(q.next, origin(c.req.url)), 302);
      })
      // public; the state ties it to a start
      .get('/auth/oidc/callback', async (c) => {
        if (!oidcCfg && wantsPage(c.req.header('accept'))) return c.redirect(OIDC_OFF_PAGE, 302);
        // Even a malformed callback ends on the sign-in page with a reason, never as a JSON error.
        const parsed = ZOidcCallbackQuery.safeParse(c.req.query());
        const q = parsed.success ? parsed.data : { error: 'invalid_request' };
        const result = await oidc.callback(q, origin(c.req.url));
        if (result.refreshToken) setRefreshCookie(c, deps.env, result.refreshToken);
        return c.redirect(result.location, 302);
      })
  );
}
