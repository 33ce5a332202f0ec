import { describe, expect, it } from 'vitest';
import { reactionFor } from '../../../src/shared/api/error-catalogue';
import { ApiError } from '../../../src/shared/api/http';

const http = (status: number, message = '', errorCode?: string, details?: unknown) =>
  new ApiError('http', message, status, errorCode, details);

/** One test per row of spec 01 §8 and spec 03 §8. */
describe('[SHELL] error catalogue', () => {
  it('HTTP 401 signs the user out globally', () => {
    expect(reactionFor(http(401, 'Not authenticated'))).toEqual({ kind: 'signOut' });
  });

  it('UNIT_BALANCE_INSUFFICIENT shows the personal Out of Credits popup', () => {
    expect(reactionFor(http(402, 'x', 'UNIT_BALANCE_INSUFFICIENT'))).toEqual({
      kind: 'popup',
      popup: 'outOfCredits',
    });
  });

  it('ORG_UNIT_BALANCE_INSUFFICIENT, or 400 saying "not enough unit", shows the organisation dialog', () => {
    expect(reactionFor(http(400, 'x', 'ORG_UNIT_BALANCE_INSUFFICIENT'))).toEqual({
      kind: 'popup',
      popup: 'orgOutOfCredits',
    });
    expect(reactionFor(http(400, 'There is Not enough unit in the wallet'))).toEqual({
      kind: 'popup',
      popup: 'orgOutOfCredits',
    });
    expect(reactionFor(http(409, 'not enough unit'))).toMatchObject({ kind: 'toast' });
  });

  it('ORGANIZATION_MONTHLY_CREDIT_LIMIT_EXCEEDED, or 403 about the monthly limit, shows that dialog with the number', () => {
    expect(reactionFor(http(403, 'x', 'ORGANIZATION_MONTHLY_CREDIT_LIMIT_EXCEEDED', { limit: 500 }))).toEqual(
      {
        kind: 'popup',
        popup: 'monthlyLimit',
        limit: '500',
      },
    );
    expect(reactionFor(http(403, 'Usage exceeded the monthly credit limit of 1,000'))).toEqual({
      kind: 'popup',
      popup: 'monthlyLimit',
      limit: '1,000',
    });
    expect(reactionFor(http(403, 'Forbidden'))).toMatchObject({ kind: 'toast', message: 'Forbidden' });
  });

  it.each([400, 403, 404, 500, 502, 503, 504, 418])(
    'status %i shows a toast with the server message',
    (status) => {
      expect(reactionFor(http(status, 'Server said no'))).toEqual({
        kind: 'toast',
        message: 'Server said no',
        durationMs: 3000,
      });
    },
  );

  it('a failed call without a message shows API Error ({status})', () => {
    expect(reactionFor(http(503))).toEqual({
      kind: 'toast',
      messageKey: 'errors.apiError',
      values: { status: 503 },
      durationMs: 3000,
    });
  });

  it('a request without a response shows the connection toast for 3 seconds', () => {
    expect(reactionFor(new ApiError('network', 'Failed to fetch'))).toEqual({
      kind: 'toast',
      titleKey: 'errors.networkTitle',
      messageKey: 'errors.noResponse',
      durationMs: 3000,
    });
  });

  it('a garbled answer is a generic network failure: Network Error / Something went wrong.', () => {
    expect(reactionFor(new ApiError('invalid-response', 'x'))).toMatchObject({
      titleKey: 'errors.networkTitle',
      messageKey: 'errors.somethingWrong',
      durationMs: 3000,
    });
  });

  it('a cancelled request is silent', () => {
    expect(reactionFor(new ApiError('cancelled', 'aborted'))).toEqual({ kind: 'silent' });
  });

  it('an offline browser shows the offline popup', () => {
    expect(reactionFor(new ApiError('offline', 'offline'))).toEqual({ kind: 'popup', popup: 'offline' });
  });

  it('quiet calls suppress toasts but still sign out and still show credit popups', () => {
    expect(reactionFor(http(500, 'boom'), { quiet: true })).toEqual({ kind: 'silent' });
    expect(reactionFor(new ApiError('network', 'x'), { quiet: true })).toEqual({ kind: 'silent' });
    expect(reactionFor(http(401), { quiet: true })).toEqual({ kind: 'signOut' });
    expect(reactionFor(http(402, '', 'UNIT_BALANCE_INSUFFICIENT'), { quiet: true })).toEqual({
      kind: 'popup',
      popup: 'outOfCredits',
    });
  });
});
