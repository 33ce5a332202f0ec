import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/http';
import { AuthErrorCode } from '../../shared/contract/auth';
import { ErrorCode } from '../../shared/contract/errors';

/**
 * What an auth form shows for a failed call: the limits in the user's language (they are new and
 * have no spec text), any other server message as sent, else a generic text.
 */
export function authErrorText(err: unknown, t: TFunction<'common'>): string {
  if (!(err instanceof ApiError)) return t('auth.unknownError');
  if (err.errorCode === AuthErrorCode.CODE_LIMIT_REACHED) return t('auth.codeLimit');
  if (err.errorCode === ErrorCode.RATE_LIMITED) return t('auth.tooManyAttempts');
  return err.message || t('auth.unknownError');
}
