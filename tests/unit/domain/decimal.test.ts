import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCredits,
  CREDIT_SCALE,
  formatCredits,
  parseCredits,
  splitDecimal,
  subCredits,
} from '../../../src/shared/domain/decimal';

describe('splitDecimal', () => {
  it('pads the fraction on the right to 12 digits', () => {
    expect(splitDecimal('1.250375')).toEqual({ whole: '1', fraction: '250375000000' });
    expect(splitDecimal(1.250375)).toEqual({ whole: '1', fraction: '250375000000' });
    expect(splitDecimal('.5')).toEqual({ whole: '0', fraction: '500000000000' });
    expect(splitDecimal(0.01)).toEqual({ whole: '0', fraction: '010000000000' });
  });

  it('defaults the whole part to 0 and handles integers', () => {
    expect(splitDecimal('5')).toEqual({ whole: '5', fraction: '000000000000' });
    expect(splitDecimal(5)).toEqual({ whole: '5', fraction: '000000000000' });
    expect(splitDecimal(42n)).toEqual({ whole: '42', fraction: '000000000000' });
    expect(splitDecimal('007.10')).toEqual({ whole: '7', fraction: '100000000000' });
    expect(splitDecimal('5.')).toEqual({ whole: '5', fraction: '000000000000' });
  });

  it('returns zero parts for empty, missing or invalid input', () => {
    const zero = { whole: '0', fraction: '000000000000' };
    for (const v of ['', '   ', '.', '-', 'abc', '1.2.3', '1e5x', null, undefined, Number.NaN, Infinity]) {
      expect(splitDecimal(v)).toEqual(zero);
    }
  });

  it('keeps the sign on the whole part', () => {
    expect(splitDecimal('-1.5')).toEqual({ whole: '-1', fraction: '500000000000' });
    expect(splitDecimal(-0.25)).toEqual({ whole: '-0', fraction: '250000000000' });
    expect(splitDecimal(-7n)).toEqual({ whole: '-7', fraction: '000000000000' });
    expect(splitDecimal('-0.000')).toEqual({ whole: '0', fraction: '000000000000' });
  });

  it('truncates beyond 12 digits and expands exponent notation without rounding', () => {
    expect(splitDecimal('0.1234567890129')).toEqual({ whole: '0', fraction: '123456789012' });
    expect(splitDecimal(1e-7)).toEqual({ whole: '0', fraction: '000000100000' });
    expect(splitDecimal(1.5e21)).toEqual({ whole: '1500000000000000000000', fraction: '000000000000' });
    expect(splitDecimal(-2.5e-3)).toEqual({ whole: '-0', fraction: '002500000000' });
  });
});

describe('credits', () => {
  it('parses decimal strings into scaled bigint', () => {
    expect(CREDIT_SCALE).toBe(1_000_000_000_000n);
    expect(parseCredits('1.250375')).toBe(1_250_375_000_000n);
    expect(parseCredits('5')).toBe(5n * CREDIT_SCALE);
    expect(parseCredits(' 0.01 ')).toBe(10_000_000_000n);
    expect(parseCredits('.5')).toBe(500_000_000_000n);
    expect(parseCredits('-2.000000000001')).toBe(-2_000_000_000_001n);
    expect(parseCredits('0.000000000001')).toBe(1n);
  });

  it('rejects invalid input and more than 12 decimals with RangeError', () => {
    for (const s of ['', 'abc', '1,5', '1e3', '.', '--1', '1.2.3', 'NaN']) {
      expect(() => parseCredits(s)).toThrow(RangeError);
    }
    expect(() => parseCredits('0.0000000000001')).toThrow(/more than 12 decimal places/);
    expect(() => parseCredits('x')).toThrow(/Invalid credit amount: "x"/);
  });

  it('formats with trailing zeros trimmed', () => {
    expect(formatCredits(5n * CREDIT_SCALE)).toBe('5');
    expect(formatCredits(1_250_375_000_000n)).toBe('1.250375');
    expect(formatCredits(0n)).toBe('0');
    expect(formatCredits(1n)).toBe('0.000000000001');
    expect(formatCredits(-1_500_000_000_000n)).toBe('-1.5');
    expect(formatCredits(-10_000_000_000n)).toBe('-0.01');
  });

  it('adds and subtracts exactly where floats would drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(formatCredits(addCredits(parseCredits('0.1'), parseCredits('0.2')))).toBe('0.3');
    expect(formatCredits(subCredits(parseCredits('5'), parseCredits('1.250375')))).toBe('3.749625');
    expect(formatCredits(subCredits(parseCredits('0.01'), parseCredits('0.02')))).toBe('-0.01');
  });

  it('round-trips any scaled amount through format and parse', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (v) => {
        expect(parseCredits(formatCredits(v))).toBe(v);
      }),
    );
  });
});
