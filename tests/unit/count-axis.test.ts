import { describe, expect, it } from 'vitest';
import { countAxis } from '../../src/features/reports/count-axis';

describe('[REPORTS] the y axis of a chart of counts', () => {
  it('starts at 0 with whole-number labels, one step per count when there are few', () => {
    const one = countAxis([1010]);
    expect(one).toMatchObject({ min: 0, tickAmount: 5, forceNiceScale: true });
    expect(one.labels.formatter(1009.5)).toBe('1010');
    expect(one.labels.formatter(400)).toBe('400');
    expect(countAxis([2, 1])).toMatchObject({ min: 0, tickAmount: 2 });
    expect(countAxis([])).toMatchObject({ min: 0, max: 1, tickAmount: 1 });
    expect(countAxis([0, 0])).toMatchObject({ max: 1 });
    // Labels are written as the language groups numbers.
    const grouped = countAxis([2500], (v) => new Intl.NumberFormat('en-GB').format(v));
    expect(grouped.labels.formatter(2500)).toBe('2,500');
    expect(grouped.labels.formatter(1249.6)).toBe('1,250');
  });
});
