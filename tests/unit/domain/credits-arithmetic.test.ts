import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CREDIT_SCALE,
  creditsFrom,
  creditsToNumber,
  formatCredits,
  mulDivCeil,
  parseCredits,
  roundCredits,
} from '../../../src/shared/domain/decimal';
import { MODEL_CATALOGUE } from '../../../src/shared/domain/models';
import { priceCall, unitPrice } from '../../../src/shared/domain/models/pricing';

/** A 12-decimal amount as text, e.g. '3.000000000417'. */
const amountText = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 6n }), fc.bigInt({ min: 0n, max: 10n ** 12n - 1n }))
  .map(([whole, frac]) => `${whole}.${frac.toString().padStart(12, '0')}`);

/** Mulberry32: the same 100,000 transfers for a given seed, cheaper than 100,000 generated values. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('[CREDITS] exact arithmetic', () => {
  it('no drift over 100,000 random transfers: balances stay equal to the sum of their entries', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const rnd = prng(seed);
        const start = 1_000n * CREDIT_SCALE;
        const wallets = Array.from({ length: 20 }, () => start);
        // Each wallet's entries as decimal text, summed independently at the end.
        const entries: string[][] = wallets.map(() => []);
        for (let i = 0; i < 100_000; i++) {
          const from = Math.floor(rnd() * 20);
          const to = (from + 1 + Math.floor(rnd() * 19)) % 20;
          // Up to 12 decimals, as text: what a price or a top-up amount looks like.
          const text = `${Math.floor(rnd() * 3)}.${String(Math.floor(rnd() * 1e6)).padStart(6, '0')}${String(Math.floor(rnd() * 1e6)).padStart(6, '0')}`;
          const amount = parseCredits(text);
          if (wallets[from] < amount) continue;
          wallets[from] -= amount;
          wallets[to] += amount;
          entries[from].push(`-${text}`);
          entries[to].push(text);
        }
        expect(wallets.reduce((s, w) => s + w, 0n)).toBe(start * 20n);
        wallets.forEach((w, i) => {
          expect(w).toBeGreaterThanOrEqual(0n);
          const fromEntries = entries[i].reduce((s, e) => s + parseCredits(e), start);
          expect(formatCredits(w)).toBe(formatCredits(fromEntries));
        });
      }),
      { numRuns: 5 },
    );
  });

  it('prices with 12 fractional digits survive parse, sum and format exactly', () => {
    fc.assert(
      fc.property(fc.array(amountText, { minLength: 1, maxLength: 50 }), (texts) => {
        const sum = texts.reduce((s, t) => s + parseCredits(t), 0n);
        // The same sum done digit by digit on the decimal strings (integer arithmetic on the text).
        const byText = texts.reduce((s, t) => s + BigInt(t.replace('.', '')), 0n);
        expect(sum).toBe(byText);
        expect(parseCredits(formatCredits(sum))).toBe(sum);
      }),
    );
  });

  it('reads JSON numbers and strings as written, refusing more than 12 decimals', () => {
    expect(creditsFrom(0.1)).toBe(parseCredits('0.1'));
    expect(creditsFrom(1e-7)).toBe(parseCredits('0.0000001'));
    expect(creditsFrom(1.250375)).toBe(1_250_375_000_000n);
    expect(creditsFrom('12.5')).toBe(12_500_000_000_000n);
    expect(() => creditsFrom(0.1 + 0.2)).toThrow(RangeError);
    expect(() => creditsFrom(Number.NaN)).toThrow(RangeError);
    expect(() => creditsFrom(Infinity)).toThrow(RangeError);
    fc.assert(
      fc.property(amountText, (text) => {
        expect(creditsFrom(text)).toBe(parseCredits(text));
      }),
    );
  });

  it('rounds to 6 decimals half away from zero for the API, and never inside', () => {
    expect(formatCredits(roundCredits(parseCredits('1.2345675')))).toBe('1.234568');
    expect(formatCredits(roundCredits(parseCredits('1.234567499999')))).toBe('1.234567');
    expect(formatCredits(roundCredits(parseCredits('-1.2345675')))).toBe('-1.234568');
    expect(creditsToNumber(parseCredits('1.250375'))).toBe(1.250375);
    expect(creditsToNumber(parseCredits('0.0000004'))).toBe(0);
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), (v) => {
        const r = roundCredits(v);
        const diff = r > v ? r - v : v - r;
        expect(diff * 2n).toBeLessThanOrEqual(10n ** 6n);
        expect(r % 10n ** 6n).toBe(0n);
      }),
    );
  });

  it('price × usage rounds up to the smallest unit, so a charge never falls short', () => {
    fc.assert(
      fc.property(amountText, fc.integer({ min: 0, max: 10_000_000 }), (price, tokens) => {
        const p = parseCredits(price);
        const cost = mulDivCeil(p, BigInt(tokens), 1000n);
        expect(cost * 1000n).toBeGreaterThanOrEqual(p * BigInt(tokens));
        expect((cost - 1n) * 1000n).toBeLessThan(p * BigInt(tokens) || 1n);
      }),
    );
  });
});

describe('[CREDITS] pricing a call from the catalogue', () => {
  it('charges per 1,000 tokens, per image, per minute and per request', () => {
    // GPT-5: 1.250375 per 1,000 tokens; 1,500 tokens cost 1.8755625.
    expect(formatCredits(priceCall('gpt-5', { inputTokens: 1000, outputTokens: 500 }))).toBe('1.8755625');
    expect(formatCredits(priceCall('gpt-4o', { inputTokens: 1 }))).toBe('0.005');
    // 1 token of GPT-5 is 0.001250375: exact, no rounding needed.
    expect(priceCall('gpt-5', { outputTokens: 1 })).toBe(1_250_375_000n);
    expect(priceCall('gpt-image-1', { images: 4 })).toBe(0n);
    expect(priceCall('whisper-1', { seconds: 95.5 })).toBe(0n);
    expect(formatCredits(priceCall('custom-vector-db', { requests: 3 }))).toBe('0.03');
    expect(formatCredits(priceCall('sora-2-pro', { videos: 2 }))).toBe('4');
    expect(priceCall('my-local-llama', { inputTokens: 10_000 })).toBe(0n);
    expect(() => priceCall('gpt-5', { inputTokens: -1 })).toThrow(RangeError);
    expect(() => priceCall('gpt-5', { inputTokens: 1.5 })).toThrow(RangeError);
  });

  it('every catalogue price is an exact decimal with at most 12 digits', () => {
    for (const m of MODEL_CATALOGUE) {
      expect(formatCredits(unitPrice(m)), m.code).toBe(m.price);
    }
  });
});
