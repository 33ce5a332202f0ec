import { ErrorCode } from '../contract/errors';
import type { ApiError } from './http';

/**
 * The error catalogues of spec 01 §8 and spec 03 §8 as data: what the user sees for a failed call.
 * Pure, so every row is unit-tested; the app turns a reaction into a dialog, popup or toast.
 */
export type ApiReaction =
  | { kind: 'silent' }
  | { kind: 'signOut' }
  | { kind: 'popup'; popup: 'outOfCredits' | 'orgOutOfCredits' | 'offline' }
  | { kind: 'popup'; popup: 'monthlyLimit'; limit?: string }
  | {
      kind: 'toast';
      titleKey?: string;
      messageKey?: string;
      message?: string;
      values?: Record<string, unknown>;
      durationMs: number;
    };

export const NETWORK_TOAST_MS = 3000;
export const ERROR_TOAST_MS = 3000;

const MONTHLY_LIMIT_TEXT = /exceeded (the|its|their)? ?monthly credit limit/i;
const NOT_ENOUGH_UNIT_TEXT = /not enough unit/i;

function monthlyLimitOf(error: ApiError): string | undefined {
  const d = error.details as { limit?: unknown } | undefined;
  if (d && (typeof d.limit === 'string' || typeof d.limit === 'number')) return String(d.limit);
  const m = /(\d[\d,.]*)/.exec(error.message);
  return m?.[1];
}

export function reactionFor(error: ApiError, opts: { quiet?: boolean } = {}): ApiReaction {
  // A queued write is not lost: the banner counts it, the caller may say more.
  if (error.kind === 'cancelled' || error.kind === 'queued') return { kind: 'silent' };
  // A quiet call (a background read, a sign-in check) leaves the offline state to the banner; the popup
  // is for what the user asked for and cannot have without the network.
  if (error.kind === 'offline') return opts.quiet ? { kind: 'silent' } : { kind: 'popup', popup: 'offline' };
  if (error.kind === 'network') {
    if (opts.quiet) return { kind: 'silent' };
    return {
      kind: 'toast',
      titleKey: 'errors.networkTitle',
      messageKey: 'errors.noResponse',
      durationMs: NETWORK_TOAST_MS,
    };
  }
  if (error.kind === 'invalid-response') {
    if (opts.quiet) return { kind: 'silent' };
    return {
      kind: 'toast',
      titleKey: 'errors.networkTitle',
      messageKey: 'errors.somethingWrong',
      durationMs: NETWORK_TOAST_MS,
    };
  }
  const status = error.status ?? 0;
  if (status === 401) return { kind: 'signOut' };
  if (error.errorCode === ErrorCode.UNIT_BALANCE_INSUFFICIENT)
    return { kind: 'popup', popup: 'outOfCredits' };
  if (
    error.errorCode === ErrorCode.ORG_UNIT_BALANCE_INSUFFICIENT ||
    (status === 400 && NOT_ENOUGH_UNIT_TEXT.test(error.message))
  ) {
    return { kind: 'popup', popup: 'orgOutOfCredits' };
  }
  if (
    error.errorCode === ErrorCode.ORGANIZATION_MONTHLY_CREDIT_LIMIT_EXCEEDED ||
    (status === 403 && MONTHLY_LIMIT_TEXT.test(error.message))
  ) {
    return { kind: 'popup', popup: 'monthlyLimit', limit: monthlyLimitOf(error) };
  }
  if (opts.quiet) return { kind: 'silent' };
  if (error.message) return { kind: 'toast', message: error.message, durationMs: ERROR_TOAST_MS };
  return { kind: 'toast', messageKey: 'errors.apiError', values: { status }, durationMs: ERROR_TOAST_MS };
}
