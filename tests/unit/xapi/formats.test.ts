import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hasUnstorableText,
  isDuration,
  isIri,
  isLanguageTag,
  isUuid,
  parseTimestamp,
} from '../../../src/shared/domain/xapi';

const hex = (n: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: n, maxLength: n });

describe('[LRS] xAPI value formats', () => {
  it('every 8-4-4-4-12 hex string is a UUID, and crypto.randomUUID always is', () => {
    fc.assert(
      fc.property(hex(8), hex(4), hex(4), hex(4), hex(12), (a, b, c, d, e) =>
        isUuid(`${a}-${b}-${c}-${d}-${e}`),
      ),
    );
    fc.assert(fc.property(fc.uuid(), (u) => isUuid(u)));
    expect(isUuid(crypto.randomUUID())).toBe(true);
  });

  it('refuses UUIDs of the wrong shape', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.integer({ min: 0, max: 35 }),
        (u, cut) => !isUuid(u.slice(0, cut) + u.slice(cut + 1)),
      ),
    );
    for (const bad of [
      '',
      'should fail',
      '{0f8b8d7e-0000-4000-8000-000000000000}',
      '0f8b8d7e00004000800000000000000g',
    ])
      expect(isUuid(bad), bad).toBe(false);
  });

  it('web URLs are IRIs; anything with a space or without a scheme is not', () => {
    fc.assert(
      fc.property(fc.webUrl({ size: 'xsmall' }), (url) => isIri(url)),
      { numRuns: 25 },
    );
    fc.assert(
      fc.property(fc.webUrl({ size: 'xsmall' }), (url) => !isIri(`${url} x`)),
      { numRuns: 25 },
    );
    for (const ok of ['urn:uuid:1', 'mailto:a@b.c', 'http://ex.com/ü/路径', 'tag:flowlearn.app,2026:x'])
      expect(isIri(ok), ok).toBe(true);
    for (const bad of ['', 'abc', '/relative/path', 'http://a b', '1http://x', 'http://x/\u0000'])
      expect(isIri(bad), bad).toBe(false);
    // fast-check's URL generator is slow on a loaded machine: the time is the generator's, not isIri's.
  }, 30_000);

  it('durations: any combination of units in order, decimals allowed; never empty, never T without time', () => {
    const n = fc.nat({ max: 9999 }).map(String);
    fc.assert(
      fc.property(
        fc.option(n),
        fc.option(n),
        fc.option(n),
        fc.option(n),
        fc.option(n),
        fc.option(fc.tuple(n, fc.nat({ max: 999 })).map(([a, b]) => `${a}.${b}`)),
        (y, mo, d, h, mi, s) => {
          const date = `${y ? `${y}Y` : ''}${mo ? `${mo}M` : ''}${d ? `${d}D` : ''}`;
          const time = `${h ? `${h}H` : ''}${mi ? `${mi}M` : ''}${s ? `${s}S` : ''}`;
          const text = `P${date}${time ? `T${time}` : ''}`;
          return isDuration(text) === (text !== 'P');
        },
      ),
    );
    for (const ok of ['PT1H30M', 'P1W', 'PT0.05S', 'P1Y2M3DT4H5M6.7S']) expect(isDuration(ok), ok).toBe(true);
    for (const bad of ['P', 'PT', 'P1H', '1H', 'PT1.5', 'P-1D', 'pt1h'])
      expect(isDuration(bad), bad).toBe(false);
  });

  it('language tags of RFC 5646 (well-formed, any case)', () => {
    const alpha = (min: number, max: number) =>
      fc.string({
        unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'),
        minLength: min,
        maxLength: max,
      });
    fc.assert(
      fc.property(
        alpha(2, 3),
        fc.option(alpha(4, 4)),
        fc.option(fc.oneof(alpha(2, 2), fc.constantFrom('419', '001'))),
        (l, s, r) => isLanguageTag([l, s, r].filter(Boolean).join('-')),
      ),
    );
    for (const ok of ['en', 'en-GB', 'zh-Hans-CN', 'th-TH', 'ms-MY', 'x-private', 'es-419', 'de-CH-1996'])
      expect(isLanguageTag(ok), ok).toBe(true);
    for (const bad of ['', 'englishlanguage', 'en_GB', 'e', 'en-', '12', 'en--GB'])
      expect(isLanguageTag(bad), bad).toBe(false);
  });

  it('timestamps: ISO 8601 with any real offset; the unknown offset -00:00 is refused', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }),
        (d) => {
          const parsed = parseTimestamp(d.toISOString());
          return parsed?.getTime() === d.getTime();
        },
      ),
    );
    expect(parseTimestamp('2008-09-15T15:53:00.601+02:00')?.toISOString()).toBe('2008-09-15T13:53:00.601Z');
    expect(parseTimestamp('2008-09-15 15:53:00.601+00:00')?.toISOString()).toBe('2008-09-15T15:53:00.601Z');
    expect(parseTimestamp('20080915T155300Z')?.toISOString()).toBe('2008-09-15T15:53:00.000Z');
    expect(parseTimestamp('2008-09-15T15:53:00.123456789Z')?.toISOString()).toBe('2008-09-15T15:53:00.123Z');
    for (const bad of [
      '2008-09-15T15:53:00.601-00:00',
      '2008-09-15T15:53:00.601-0000',
      '2008-09-15T15:53:00.601-00',
      '01/011/2015',
      'should fail',
      '2021-02-30T00:00:00Z',
      '2021-13-01T00:00:00Z',
    ])
      expect(parseTimestamp(bad), bad).toBeNull();
  });

  it('NUL and unpaired surrogates are unstorable; paired ones are fine', () => {
    fc.assert(fc.property(fc.string(), (s) => !hasUnstorableText(s.replaceAll('\u0000', ''))));
    expect(hasUnstorableText('a\u0000b')).toBe(true);
    expect(hasUnstorableText('\ud800')).toBe(true);
    expect(hasUnstorableText('😀')).toBe(false);
  });
});
