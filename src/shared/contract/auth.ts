import { z } from 'zod';
import { zText } from './text';

/**
 * Sign-up, sign-in, sessions and OIDC (spec 01 §2, §4, §8, §9). Routes under /api/auth:
 *   GET  config                 → TAuthConfig (public)
 *   POST signup                 TSignupRequest → 201 TSignupResponse
 *   POST verify                 TVerifyRequest → TMessageResponse
 *   POST resend-code            TResendCodeRequest → TMessageResponse
 *   POST login                  TLoginRequest → TSessionResponse (+ refresh cookie)
 *   POST refresh                (refresh cookie) → TSessionResponse (+ rotated cookie)
 *   POST logout                 (bearer or cookie) → TMessageResponse; revokes every refresh token
 *   POST forgot-password        TForgotPasswordRequest → TMessageResponse
 *   POST reset-password         TResetPasswordRequest → TMessageResponse
 *   GET  me                     → TMeResponse (auth)
 *   GET  oidc/start?next=       → 302 to the issuer
 *   GET  oidc/callback          → 302 to /editor/callback?next=… or /editor/callback?error=…
 */

/** errorCode values of this area (the envelope is in errors.ts). */
export const AuthErrorCode = {
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  USER_NOT_CONFIRMED: 'USER_NOT_CONFIRMED',
  CODE_INVALID: 'CODE_INVALID',
  CODE_EXPIRED: 'CODE_EXPIRED',
  CODE_ATTEMPTS_EXCEEDED: 'CODE_ATTEMPTS_EXCEEDED',
  /** 429: the e-mail address had AUTH_CODES_PER_HOUR codes this hour (Retry-After says when). */
  CODE_LIMIT_REACHED: 'CODE_LIMIT_REACHED',
  REFRESH_REUSED: 'REFRESH_REUSED',
  REFRESH_RACE: 'REFRESH_RACE',
  MAIL_FAILED: 'MAIL_FAILED',
  OIDC_DISABLED: 'OIDC_DISABLED',
} as const;

export const CODE_LENGTH = 6;
export const CODE_TTL_SECONDS = 120;
export const CODE_MAX_ATTEMPTS = 5;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** The httpOnly cookie that carries the refresh token (Path=/api/auth). */
export const REFRESH_COOKIE = 'fl_refresh';

/** Trimmed and lower-cased before the format check, so ' Ann@X.org' and 'ann@x.org' are one account. */
export const ZEmail = zText({ error: 'E-mail is required' })
  .trim()
  .toLowerCase()
  .max(254, 'E-mail is too long')
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));

export const ZPassword = zText({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const ZCode = zText({ error: 'Code is required' })
  .trim()
  .regex(/^\d{6}$/, 'The code is 6 digits');

export const ZCodePurpose = z.enum(['signup', 'reset']);
export type TCodePurpose = z.infer<typeof ZCodePurpose>;

export const ZUser = z.object({
  _id: zText(),
  id: zText(),
  email: zText(),
  fullname: zText(),
  profileImg: zText().nullable(),
  emailVerified: z.boolean(),
  /** '' means the personal space. */
  lastVisitedOrgId: zText(),
  defaultLanguage: zText().nullable(),
  linkedWithGoogleSpreadSheet: z.boolean(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZMessageResponse = z.object({ message: zText() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

export const ZAuthConfig = z.object({ oidcEnabled: z.boolean(), oidcProviderName: zText() });
export type TAuthConfig = z.infer<typeof ZAuthConfig>;

export const ZSignupRequest = z.object({ email: ZEmail, password: ZPassword });
export type TSignupRequest = z.infer<typeof ZSignupRequest>;
export const ZSignupResponse = z.object({ message: zText(), email: zText() });
export type TSignupResponse = z.infer<typeof ZSignupResponse>;

/** The password typed with the code becomes the account's: a code never sets one the verifier did not type. */
export const ZVerifyRequest = z.object({ email: ZEmail, code: ZCode, password: ZPassword });
export type TVerifyRequest = z.infer<typeof ZVerifyRequest>;

export const ZResendCodeRequest = z.object({ email: ZEmail, purpose: ZCodePurpose.default('signup') });
export type TResendCodeRequest = z.infer<typeof ZResendCodeRequest>;

/** Sign-in only checks presence: the length rules belong to choosing a password, not to typing one. */
export const ZLoginRequest = z.object({
  email: ZEmail,
  password: zText({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** Answer of login and refresh. expiresAt is the access token's expiry in ms since the epoch. */
export const ZSessionResponse = z.object({ accessToken: zText(), expiresAt: z.number(), user: ZUser });
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z.object({ email: ZEmail, code: ZCode, password: ZPassword });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZMeResponse = z.object({ user: ZUser });
export type TMeResponse = z.infer<typeof ZMeResponse>;

export const ZOidcStartQuery = z.object({ next: zText().max(2000).optional() });
export type TOidcStartQuery = z.infer<typeof ZOidcStartQuery>;

export const ZOidcCallbackQuery = z.object({
  code: zText().max(4096).optional(),
  state: zText().max(256).optional(),
  error: zText().max(256).optional(),
  error_description: zText().max(2000).optional(),
});
export type TOidcCallbackQuery = z.infer<typeof ZOidcCallbackQuery>;

/** The fixed answer texts the client may compare with or translate. */
export const AuthMessage = {
  codeSent: 'Verification code sent',
  verified: 'Account verified',
  codeResent: 'Verification code resent. Please check your email.',
  signedOut: 'Signed out',
  forgotSent: 'If an account exists, a code has been sent.',
  passwordUpdated: 'Password updated. Please sign in.',
  invalidCredentials: 'Incorrect email or password.',
  notConfirmed: 'Please verify your account.',
  codeInvalid: 'Invalid verification code.',
  codeExpired: 'The code is expired.',
  codeAttempts: 'Too many wrong codes. Please request a new code.',
  codeLimit:
    'Too many codes were sent to this e-mail address. Please use the last code or try again in an hour.',
} as const;
