import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  formatDateShort,
  formatDateTime,
  relativeTime,
} from '../../../src/shared/domain/dates';

// Local-time constructors keep these tests independent of the machine's time zone.
const at = new Date(2026, 2, 5, 15, 7, 9);

describe('formatDateTime / formatDateShort', () => {
  it('formats a Date, a timestamp and an ISO string', () => {
    expect(formatDateTime(at)).toBe('5 Mar 2026 3:07 PM');
    expect(formatDateTime(at.getTime())).toBe('5 Mar 2026 3:07 PM');
    expect(formatDateTime(at.toISOString())).toBe('5 Mar 2026 3:07 PM');
    expect(formatDateShort(at)).toBe('05 Mar 2026');
  });

  it('uses 12-hour clock around midnight and noon', () => {
    expect(formatDateTime(new Date(2026, 11, 31, 0, 0))).toBe('31 Dec 2026 12:00 AM');
    expect(formatDateTime(new Date(2026, 0, 1, 12, 30))).toBe('1 Jan 2026 12:30 PM');
  });

  it('returns empty for missing or invalid values', () => {
    for (const v of [null, undefined, '', 'nope', Number.NaN, new Date(Number.NaN)]) {
      expect(formatDateTime(v)).toBe('');
      expect(formatDateShort(v)).toBe('');
    }
  });
});

describe('relativeTime', () => {
  const now = new Date(2026, 5, 1, 12, 0, 0);
  const ago = (seconds: number): Date => new Date(now.getTime() - seconds * 1000);

  it('picks the largest fitting unit', () => {
    expect(relativeTime(ago(0), now)).toEqual({ value: 0, unit: 'second' });
    expect(relativeTime(ago(59), now)).toEqual({ value: 59, unit: 'second' });
    expect(relativeTime(ago(60), now)).toEqual({ value: 1, unit: 'minute' });
    expect(relativeTime(ago(3599), now)).toEqual({ value: 59, unit: 'minute' });
    expect(relativeTime(ago(3600), now)).toEqual({ value: 1, unit: 'hour' });
    expect(relativeTime(ago(86399), now)).toEqual({ value: 23, unit: 'hour' });
    expect(relativeTime(ago(86400), now)).toEqual({ value: 1, unit: 'day' });
  });

  it('uses days under 30, 30-day months and 360-day years', () => {
    const day = 86400;
    expect(relativeTime(ago(29 * day), now)).toEqual({ value: 29, unit: 'day' });
    expect(relativeTime(ago(30 * day), now)).toEqual({ value: 1, unit: 'month' });
    expect(relativeTime(ago(359 * day), now)).toEqual({ value: 11, unit: 'month' });
    expect(relativeTime(ago(360 * day), now)).toEqual({ value: 1, unit: 'year' });
    expect(relativeTime(ago(800 * day), now)).toEqual({ value: 2, unit: 'year' });
  });

  it('accepts strings and numbers and clamps future or invalid input to 0 seconds', () => {
    expect(relativeTime(ago(120).toISOString(), now)).toEqual({ value: 2, unit: 'minute' });
    expect(relativeTime(ago(7200).getTime(), now)).toEqual({ value: 2, unit: 'hour' });
    expect(relativeTime(ago(-500), now)).toEqual({ value: 0, unit: 'second' });
    expect(relativeTime('garbage', now)).toEqual({ value: 0, unit: 'second' });
  });
});

describe('formatCountdown', () => {
  it('formats m:ss', () => {
    expect(formatCountdown(120)).toBe('2:00');
    expect(formatCountdown(119)).toBe('1:59');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(600)).toBe('10:00');
  });

  it('shows 0:00 for zero, negatives and NaN and rounds fractions up', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5)).toBe('0:00');
    expect(formatCountdown(Number.NaN)).toBe('0:00');
    expect(formatCountdown(0.2)).toBe('0:01');
    expect(formatCountdown(59.5)).toBe('1:00');
  });
});
