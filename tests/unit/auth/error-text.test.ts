import { describe, expect, it } from 'vitest';
import { authErrorText } from '../../../src/features/auth/error-text';
import { ApiError } from '../../../src/shared/api/http';

// The key itself stands for the translation, so the test sees which text was chosen.
const t = ((key: string) => key) as unknown as Parameters<typeof authErrorText>[1];
const api = (message: string, errorCode?: string) => new ApiError('http', message, 429, errorCode);

describe('[AUTH] the text an auth form shows for a failed call', () => {
  it('translates the limits, shows other server messages as sent', () => {
    expect(authErrorText(api('Too many codes…', 'CODE_LIMIT_REACHED'), t)).toBe('auth.codeLimit');
    expect(authErrorText(api('Too many attempts…', 'RATE_LIMITED'), t)).toBe('auth.tooManyAttempts');
    expect(authErrorText(api('Invalid verification code.', 'CODE_INVALID'), t)).toBe(
      'Invalid verification code.',
    );
    expect(authErrorText(api('', 'X'), t)).toBe('auth.unknownError');
    expect(authErrorText(new Error('boom'), t)).toBe('auth.unknownError');
  });
});
