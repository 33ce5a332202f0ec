import { api } from '../../shared/api/http';
import {
  type TLoginRequest,
  type TSignupRequest,
  ZAuthConfig,
  ZMeResponse,
  ZMessageResponse,
  ZSessionResponse,
} from '../../shared/contract/auth';

/** The only IO of the auth feature. Auth calls are quiet: the screens show their own messages. */
export const authApi = {
  config: () => api.get('auth/config', { schema: ZAuthConfig, anonymous: true, quiet: true }),
  login: (body: TLoginRequest) =>
    api.post('auth/login', body, { schema: ZSessionResponse, anonymous: true, quiet: true }),
  refresh: () => api.post('auth/refresh', {}, { schema: ZSessionResponse, anonymous: true, quiet: true }),
  logout: () => api.post('auth/logout', {}, { quiet: true }),
  me: () => api.get('auth/me', { schema: ZMeResponse, quiet: true }),
  signup: (body: TSignupRequest) =>
    api.post('auth/signup', body, { schema: ZMessageResponse, anonymous: true, quiet: true }),
  /** The password is the one the person typed (sign-up or sign-in form): verification sets it. */
  verify: (email: string, code: string, password: string) =>
    api.post(
      'auth/verify',
      { email, code, password },
      { schema: ZMessageResponse, anonymous: true, quiet: true },
    ),
  resendCode: (email: string, purpose: 'signup' | 'reset') =>
    api.post(
      'auth/resend-code',
      { email, purpose },
      { schema: ZMessageResponse, anonymous: true, quiet: true },
    ),
  forgotPassword: (email: string) =>
    api.post('auth/forgot-password', { email }, { schema: ZMessageResponse, anonymous: true, quiet: true }),
  resetPassword: (email: string, code: string, password: string) =>
    api.post(
      'auth/reset-password',
      { email, code, password },
      { schema: ZMessageResponse, anonymous: true, quiet: true },
    ),
};
