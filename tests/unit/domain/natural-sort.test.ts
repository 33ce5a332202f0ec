import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naturalCompare, sortByNaturalName } from '../../../src/shared/domain/natural-sort';

describe('naturalCompare', () => {
  it('compares digit runs as numbers', () => {
    expect(naturalCompare('Flow 2', 'Flow 10')).toBeLessThan(0);
    expect(naturalCompare('Flow 10', 'Flow 2')).toBeGreaterThan(0);
    expect(naturalCompare('v1.10', 'v1.9')).toBeGreaterThan(0);
  });

  it('ignores case, then breaks ties on the raw string', () => {
    expect(naturalCompare('apple', 'Banana')).toBeLessThan(0);
    expect(naturalCompare('Flow', 'flow')).toBeLessThan(0);
    expect(naturalCompare('flow', 'Flow')).toBeGreaterThan(0);
    expect(naturalCompare('same', 'same')).toBe(0);
  });

  it('treats leading zeros as the same number and tiebreaks on the raw string', () => {
    expect(naturalCompare('a01b', 'a1c')).toBeLessThan(0);
    expect(naturalCompare('a01', 'a1')).toBeLessThan(0);
    expect(naturalCompare('a1', 'a01')).toBeGreaterThan(0);
  });

  it('handles digit runs beyond Number precision exactly', () => {
    expect(naturalCompare('x 12345678901234567890', 'x 12345678901234567891')).toBeLessThan(0);
    expect(naturalCompare('x 99999999999999999999', 'x 100000000000000000000')).toBeLessThan(0);
  });

  it('puts prefixes first and handles empty strings', () => {
    expect(naturalCompare('Flow', 'Flow 1')).toBeLessThan(0);
    expect(naturalCompare('', 'a')).toBeLessThan(0);
    expect(naturalCompare('', '')).toBe(0);
    expect(naturalCompare('2', 'a')).toBeLessThan(0);
  });

  it('is antisymmetric and zero only for identical strings', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(Math.sign(naturalCompare(a, b)) + Math.sign(naturalCompare(b, a))).toBe(0);
        expect(naturalCompare(a, b) === 0).toBe(a === b);
      }),
    );
  });
});

describe('sortByNaturalName', () => {
  const items = [{ n: 'Flow 10' }, { n: 'flow 2' }, { n: 'Flow 1' }, { n: 'Alpha' }];

  it('sorts ascending into a new array without touching the input', () => {
    const sorted = sortByNaturalName(items, (i) => i.n);
    expect(sorted.map((i) => i.n)).toEqual(['Alpha', 'Flow 1', 'flow 2', 'Flow 10']);
    expect(sorted).not.toBe(items);
    expect(items[0].n).toBe('Flow 10');
  });

  it('sorts descending', () => {
    expect(sortByNaturalName(items, (i) => i.n, 'desc').map((i) => i.n)).toEqual([
      'Flow 10',
      'flow 2',
      'Flow 1',
      'Alpha',
    ]);
  });
});
