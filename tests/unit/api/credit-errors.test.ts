import { describe, expect, it } from 'vitest';
import { insufficient, overMonthlyLimit } from '../../../src/server/credits/wallets';
import { reactionFor } from '../../../src/shared/api/error-catalogue';
import { ApiError } from '../../../src/shared/api/http';

/** What the server throws, as the client receives it, must open the spec's dialog (spec 01/03 §8). */
const received = (e: ReturnType<typeof insufficient>) =>
  new ApiError('http', e.message, e.status, e.code, e.details);

describe('[CREDITS] credit errors reach the right dialog', () => {
  it('a personal, API key or link wallet → Out of Credits; an organisation → its Out of Credits', () => {
    for (const owner of [
      { kind: 'user', userId: 'u' },
      { kind: 'apiKey', id: 'k' },
      { kind: 'accessLink', id: 'l' },
    ] as const) {
      expect(reactionFor(received(insufficient(owner)))).toEqual({ kind: 'popup', popup: 'outOfCredits' });
    }
    const org = insufficient({ kind: 'org', orgId: 'o' });
    expect([org.status, org.code]).toEqual([400, 'ORG_UNIT_BALANCE_INSUFFICIENT']);
    expect(reactionFor(received(org))).toEqual({ kind: 'popup', popup: 'orgOutOfCredits' });
    // Without its code the message alone still says "not enough unit" (spec 03 §8).
    expect(reactionFor(new ApiError('http', org.message, 400))).toEqual({
      kind: 'popup',
      popup: 'orgOutOfCredits',
    });
  });

  it('the monthly limit → Monthly Credit Limit Exceeded with the limit, by code or by message', () => {
    const e = overMonthlyLimit(1_250_375_000_000_000n);
    expect([e.status, e.message]).toEqual([
      403,
      'Usage exceeded the monthly credit limit of 1250.375 credits',
    ]);
    const want = { kind: 'popup', popup: 'monthlyLimit', limit: '1250.375' };
    expect(reactionFor(received(e))).toEqual(want);
    expect(reactionFor(new ApiError('http', e.message, 403))).toEqual(want);
  });
});
